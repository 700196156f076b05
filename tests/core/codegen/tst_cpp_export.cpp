// The C++ export, compiled: every snippet `export --format cpp` writes for the
// cases in cpp_export_cases.cpp (Triton 3.6 oracle cases of every distributed
// kind, and the export cases of every shared kind) is #included verbatim into
// a function, compiled against ls::LinearLayout and stand-ins of Triton's
// attribute builders, and run: the LinearLayout it builds must have Triton's
// bases, and its builder calls must rebuild the exported attribute.
#include <QtTest>

#include "cpp_export_cases.h"

using ls_test::cppCases;

namespace {
// The long form a padded_shared stand-in prints, from the canonical text.
bool isPadded(const std::string &attr) {
  return attr.rfind("#ttg.padded_shared", 0) == 0;
}
} // namespace

class TestCppExport : public QObject {
  Q_OBJECT
private slots:
  void manyCases() { QVERIFY(cppCases().size() >= 80); }

  void snippetRebuildsBases_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < cppCases().size(); ++i)
      QTest::newRow((std::string(cppCases()[i].attr).substr(0, 60) + " " + cppCases()[i].shape +
                     " #" + std::to_string(i))
                        .c_str())
          << static_cast<int>(i);
  }
  void snippetRebuildsBases() {
    QFETCH(int, index);
    const auto &c = cppCases()[static_cast<size_t>(index)];
    ls_test::ttg::MLIRContext ctx;
    ls_test::Built built = c.build(&ctx);
    QCOMPARE(built.layout.getBases(), c.expected);
    std::vector<int32_t> sizes;
    for (const auto &[name, size] : built.layout.getOutDims())
      sizes.push_back(size);
    QCOMPARE(sizes, c.dims);
  }

  void builderRebuildsAttribute_data() { snippetRebuildsBases_data(); }
  void builderRebuildsAttribute() {
    QFETCH(int, index);
    const auto &c = cppCases()[static_cast<size_t>(index)];
    ls_test::ttg::MLIRContext ctx;
    ls_test::Built built = c.build(&ctx);
    if (isPadded(c.canonical)) {
      // The short form {order, shape} prints differently; the intervals
      // and paddings must still match.
      const std::string canon = c.canonical;
      const std::string pairs = canon.substr(0, canon.find(']') + 1);
      QCOMPARE(built.encodingText.substr(0, pairs.size()), pairs);
      return;
    }
    QCOMPARE(built.encodingText, std::string(c.canonical));
  }
};

QTEST_GUILESS_MAIN(TestCppExport)
#include "tst_cpp_export.moc"
