// CGA layouts: the legacy CTAsPerCGA/CTASplitNum/CTAOrder triple converted to
// Triton 3.6's block bases (300 conversions made by Triton 3.6's
// make_cga_layout, data/triton36_cga_split.json), and back.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include "encodings/cga_layout.h"
#include "util/error.h"

using ls::CGALayout;

namespace {
std::vector<unsigned> toUInts(const QJsonArray &a) {
  std::vector<unsigned> v;
  for (const auto &x : a)
    v.push_back(static_cast<unsigned>(x.toInt()));
  return v;
}
} // namespace

class TestCGALayout : public QObject {
  Q_OBJECT
private slots:
  void tripleMatchesTriton36() {
    QFile f(QStringLiteral(LS_SOURCE_DIR "/tests/core/data/triton36_cga_split.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray cases = QJsonDocument::fromJson(f.readAll()).array();
    QCOMPARE(cases.size(), 300);
    for (const auto &c : cases) {
      auto a = c.toArray();
      auto per = toUInts(a[0].toArray()), split = toUInts(a[1].toArray()),
           order = toUInts(a[2].toArray());
      CGALayout cga = CGALayout::fromLegacy(per, split, order);
      std::vector<std::vector<int32_t>> want;
      for (const auto &b : a[3].toArray()) {
        std::vector<int32_t> basis;
        for (const auto &x : b.toArray())
          basis.push_back(x.toInt());
        want.push_back(basis);
      }
      QCOMPARE(cga.bases(), want);
      // Back to a triple and again to bases: the same CGA layout.
      auto legacy = cga.toLegacy(order);
      QVERIFY(legacy.has_value());
      QCOMPARE(CGALayout::fromLegacy(legacy->ctasPerCGA, legacy->ctaSplitNum, legacy->ctaOrder).bases(),
               want);
    }
  }

  void examples() {
    QCOMPARE(CGALayout::fromLegacy({2, 1}, {2, 1}, {1, 0}).bases(),
             (std::vector<std::vector<int32_t>>{{1, 0}}));
    QCOMPARE(CGALayout::fromLegacy({4, 2}, {2, 1}, {0, 1}).bases(),
             (std::vector<std::vector<int32_t>>{{1, 0}, {0, 0}, {0, 0}}));
    QVERIFY(CGALayout::fromLegacy({1, 1}, {1, 1}, {1, 0}).isSingleCTA());
    CGALayout c(2, {{0, 1}, {1, 0}});
    QCOMPARE(c.splitNum(), (std::vector<unsigned>{2, 2}));
    QCOMPARE(c.shapePerCTA({64, 64}), (std::vector<int64_t>{32, 32}));
    QCOMPARE(c.numCTAs(), 4);
  }

  void notExpressibleAsTriple() {
    QVERIFY(!CGALayout(1, {{2}, {1}, {0}}).toLegacy({0}).has_value());
    QVERIFY(!CGALayout(2, {{0, 1}, {0, 1}, {0, 0}}).toLegacy({1, 0}).has_value());
  }

  void invalidInputIsRejected() {
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout(2, {{0, 2}}));      // not surjective
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout(2, {{1}}));         // wrong length
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout(1, {{3}}));         // not a power of two
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout::fromLegacy({2, 1}, {4, 1}, {1, 0}));
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout::fromLegacy({2, 1}, {1, 1}, {0, 0}));
    QVERIFY_THROWS_EXCEPTION(ls::Error, CGALayout::fromLegacy({3, 1}, {1, 1}, {1, 0}));
  }
};

QTEST_GUILESS_MAIN(TestCGALayout)
#include "tst_cga_layout.moc"
