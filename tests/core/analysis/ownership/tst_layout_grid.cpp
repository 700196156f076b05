// LinearLayout::toString() and the triton-tensor-layout grids, compared byte
// for byte with what Triton 3.6 printed for the same layouts
// (data/triton36_layout_views.json: 9 toString cases, 160 random distributed
// and 80 random shared layouts with both views, captured on the GPU machine).
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include "analysis/ownership/layout_grid.h"
#include "layout/linear_layout.h"
#include "util/error.h"

using ls::LinearLayout;

namespace {

QJsonArray loadCases() {
  QFile f(QStringLiteral(LS_SOURCE_DIR "/tests/core/data/triton36_layout_views.json"));
  if (!f.open(QIODevice::ReadOnly))
    qFatal("cannot open triton36_layout_views.json");
  return QJsonDocument::fromJson(f.readAll()).array();
}

LinearLayout fromJson(const QJsonArray &bases, const QJsonArray &outNames) {
  LinearLayout::BasesT b;
  for (const auto &entry : bases) {
    auto pair = entry.toArray();
    std::vector<std::vector<int32_t>> vecs;
    for (const auto &v : pair[1].toArray()) {
      std::vector<int32_t> basis;
      for (const auto &x : v.toArray())
        basis.push_back(x.toInt());
      vecs.push_back(std::move(basis));
    }
    b.emplace_back(pair[0].toString().toStdString(), std::move(vecs));
  }
  std::vector<std::string> outs;
  for (const auto &n : outNames)
    outs.push_back(n.toString().toStdString());
  return LinearLayout(std::move(b), std::move(outs));
}

} // namespace

class TestLayoutGrid : public QObject {
  Q_OBJECT
private slots:
  void toStringMatchesTriton() {
    const QJsonArray cases = loadCases()[0].toArray();
    QVERIFY(cases.size() >= 9);
    for (const auto &c : cases) {
      auto a = c.toArray();
      LinearLayout ll = fromJson(a[0].toArray(), a[1].toArray());
      QCOMPARE(QString::fromStdString(ll.toString()), a[2].toString());
    }
  }

  void distributedGridsMatchTriton() {
    const QJsonArray cases = loadCases()[1].toArray();
    QCOMPARE(cases.size(), 160);
    for (const auto &c : cases) {
      auto a = c.toArray();
      LinearLayout ll = fromJson(a[0].toArray(), a[1].toArray());
      QCOMPARE(QString::fromStdString(ll.toString()), a[2].toString());
      QCOMPARE(QString::fromStdString(ls::distributedGrid(ll, false)), a[3].toString());
      QCOMPARE(QString::fromStdString(ls::distributedGrid(ll, true)), a[4].toString());
    }
  }

  void sharedGridsMatchTriton() {
    const QJsonArray cases = loadCases()[2].toArray();
    QCOMPARE(cases.size(), 80);
    for (const auto &c : cases) {
      auto a = c.toArray();
      LinearLayout ll = fromJson(a[0].toArray(), a[1].toArray());
      QCOMPARE(QString::fromStdString(ls::sharedGrid(ll, false)), a[3].toString());
      QCOMPARE(QString::fromStdString(ls::sharedGrid(ll, true)), a[4].toString());
    }
  }

  void hugeGridsAreRefused() {
    LinearLayout big = LinearLayout::identity1D(1 << 21, "register", "dim0") *
                       LinearLayout::identity1D(1, "lane", "dim0") *
                       LinearLayout::identity1D(1, "warp", "dim0") *
                       LinearLayout::identity1D(1, "block", "dim0");
    QVERIFY_THROWS_EXCEPTION(ls::Error, ls::distributedGrid(big, false));
  }
};

QTEST_GUILESS_MAIN(TestLayoutGrid)
#include "tst_layout_grid.moc"
