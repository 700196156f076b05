// Facts about the GF(2) elimination engine under LinearLayout.
#include <QtTest>

#include "f2/f2matrix.h"

using ls::f2::Matrix;

namespace {
Matrix fromRows(const std::vector<std::string> &rows) {
  Matrix m(static_cast<int>(rows.size()), rows.empty() ? 0 : static_cast<int>(rows[0].size()));
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[r].size(); ++c)
      m.set(static_cast<int>(r), static_cast<int>(c), rows[r][c] == '1');
  return m;
}
} // namespace

class TestF2 : public QObject {
  Q_OBJECT
private slots:
  void rank_data() {
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<int>("rank");
    QTest::newRow("identity4") << QStringList{"1000", "0100", "0010", "0001"} << 4;
    QTest::newRow("swizzle") << QStringList{"1000", "0100", "1010", "0101"} << 4;
    QTest::newRow("duplicate rows") << QStringList{"1100", "1100", "0011"} << 2;
    QTest::newRow("xor dependent") << QStringList{"110", "011", "101"} << 2;
    QTest::newRow("zero") << QStringList{"000", "000"} << 0;
    QTest::newRow("wide 70 cols") << QStringList{QString(69, '0') + "1", "1" + QString(69, '0')} << 2;
  }
  void rank() {
    QFETCH(QStringList, rows);
    QFETCH(int, rank);
    std::vector<std::string> r;
    for (const auto &s : rows)
      r.push_back(s.toStdString());
    QCOMPARE(fromRows(r).rank(), rank);
  }

  void rrefIsReducedAndOrdered() {
    Matrix m = fromRows({"0110", "1100", "1010"});
    std::vector<int> pivots;
    int rank = m.reduceToRowEchelon(&pivots);
    QCOMPARE(rank, 2);
    QCOMPARE(pivots, (std::vector<int>{0, 1}));
    QCOMPARE(QString::fromStdString(m.toString()), QStringLiteral("1010\n0110\n0000\n"));
  }

  void nullSpaceOfSwizzleIsEmpty() {
    QVERIFY(fromRows({"1000", "0100", "1010", "0101"}).nullSpace().empty());
  }

  void nullSpaceVectorsAreAnnihilated() {
    Matrix m = fromRows({"1101", "0110"});
    auto ns = m.nullSpace();
    QCOMPARE(ns.size(), size_t{2});
    for (const auto &v : ns)
      for (int r = 0; r < m.rows(); ++r) {
        bool acc = false;
        for (int c = 0; c < m.cols(); ++c)
          acc ^= m.get(r, c) && v[c];
        QVERIFY(!acc);
      }
  }

  void solvePicksZeroFreeVariables() {
    // A has a free column (col 2 duplicates col 0); B = col 0.
    Matrix a = fromRows({"101", "010"});
    Matrix b = fromRows({"1", "0"});
    auto x = ls::f2::solve(a, b);
    QVERIFY(x.has_value());
    QCOMPARE(QString::fromStdString(x->toString()), QStringLiteral("1\n0\n0\n"));
  }

  void solveFailsOutsideColumnSpace() {
    Matrix a = fromRows({"10", "00"});
    Matrix b = fromRows({"0", "1"});
    QVERIFY(!ls::f2::solve(a, b).has_value());
  }
};

QTEST_GUILESS_MAIN(TestF2)
#include "tst_f2.moc"
