// The parameter form: it shows an attribute's fields with editors made for
// them, composes text on every edit, routes errors to fields, and switches
// kinds.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>

#include "encodings/encoding_params.h"
#include "forms/encoding_form.h"
#include "gui_test_main.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "forms/pow2_spin_box.h"

using namespace ls::ui;

namespace {

QString canonical(const QString &text) {
  return QString::fromStdString(ls::ir::printEncoding(*ls::ir::parseEncoding(text.toStdString())));
}

QList<QSpinBox *> spins(EncodingForm &f, const QString &field) {
  return f.editor(field)->findChildren<QSpinBox *>();
}

} // namespace

class TestEncodingForm : public QObject {
  Q_OBJECT
private slots:
  // Every kind's canonical text survives form -> compose unchanged.
  void composeRoundTrips_data() {
    QTest::addColumn<QString>("attr");
    const char *attrs[] = {
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>",
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
        "order = [1, 0], CGALayout = [[0, 1]]}>",
        "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
        "[2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>",
        "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape "
        "= [16, 64, 16]}>",
        "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
        "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>",
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
        "isTransposed = true}>",
        "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>",
        "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, "
        "0]], warp = [[4, 0], [8, 0]], block = []}>",
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
        "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>",
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
        "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>",
        "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>",
    };
    for (const char *a : attrs)
      QTest::newRow(QString::fromLatin1(a).section(QLatin1Char('<'), 0, 0).toLatin1())
          << QString::fromLatin1(a);
  }
  void composeRoundTrips() {
    QFETCH(QString, attr);
    EncodingForm f;
    QVERIFY(f.setAttribute(attr));
    QCOMPARE(canonical(f.composedAttribute()), canonical(attr));
  }

  void powersOfTwoOnlyInTheSpinBoxes() {
    EncodingForm f;
    f.setAttribute(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, "
                                  "16], warpsPerCTA = [4, 1], order = [1, 0]}>"));
    const auto s = spins(f, QStringLiteral("sizePerThread"));
    QCOMPARE(s.size(), 2);
    auto *p = qobject_cast<Pow2SpinBox *>(s[1]);
    QVERIFY(p);
    p->stepBy(1);
    QCOMPARE(p->value(), 8);
    p->stepBy(-3);
    QCOMPARE(p->value(), 1);
    QString text = QStringLiteral("6");
    int pos = 1;
    QCOMPARE(p->validate(text, pos), QValidator::Intermediate);
    text = QStringLiteral("64");
    QCOMPARE(p->validate(text, pos), QValidator::Acceptable);
  }

  void editEmitsComposedText() {
    EncodingForm f;
    f.setAttribute(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, "
                                  "16], warpsPerCTA = [4, 1], order = [1, 0]}>"));
    QSignalSpy spy(&f, &EncodingForm::edited);
    spins(f, QStringLiteral("sizePerThread"))[1]->setValue(8);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy[0][1].toString(), QStringLiteral("sizePerThread"));
    QCOMPARE(canonical(spy[0][0].toString()),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>"));
    // The order chooser lists both permutations of rank 2.
    auto *order = qobject_cast<QComboBox *>(f.editor(QStringLiteral("order")));
    QCOMPARE(order->count(), 2);
    order->setCurrentIndex(order->findText(QStringLiteral("0, 1")));
    QCOMPARE(spy.size(), 2);
    QVERIFY(spy[1][0].toString().contains(QStringLiteral("order = [0, 1]")));
  }

  void nestedParentEdits() {
    EncodingForm f;
    f.setAttribute(QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor "
                                  "= 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, "
                                  "8]}>, kWidth = 2}>"));
    QSignalSpy spy(&f, &EncodingForm::edited);
    spins(f, QStringLiteral("warpsPerCTA"))[0]->setValue(4);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy[0][1].toString(), QStringLiteral("parent.warpsPerCTA"));
    QVERIFY(spy[0][0].toString().contains(QStringLiteral("warpsPerCTA = [4, 2]")));
  }

  void errorsShowNextToTheirField() {
    EncodingForm f;
    f.setAttribute(QStringLiteral("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                  "order = [1, 0]}>"));
    QVERIFY(f.showError(QStringLiteral("maxPhase"), QStringLiteral("must be a power of two")));
    QCOMPARE(f.errorText(QStringLiteral("maxPhase")), QStringLiteral("must be a power of two"));
    QVERIFY(f.errorText(QStringLiteral("vec")).isEmpty());
    // Unknown fields go above the form.
    QVERIFY(!f.showError(QStringLiteral("layout"), QStringLiteral("something else")));
    QCOMPARE(f.errorText(QString()), QStringLiteral("layout: something else"));
    f.clearErrors();
    QVERIFY(f.errorText(QStringLiteral("maxPhase")).isEmpty());
  }

  void switchingKindUsesTheDefaults() {
    EncodingForm f;
    f.setAttribute(QStringLiteral("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                  "order = [1, 0]}>"));
    DefaultContext ctx;
    ctx.numWarps = 8;
    f.setDefaultsProvider([ctx](ls::EncodingKind k) { return defaultAttribute(k, ctx); });
    QSignalSpy spy(&f, &EncodingForm::edited);
    auto *kind = f.findChild<QComboBox *>(QStringLiteral("kind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("nvidia_mma")));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy[0][1].toString(), QStringLiteral("kind"));
    QCOMPARE(canonical(spy[0][0].toString()),
             QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                            "[8, 1], instrShape = [16, 8]}>"));
    QCOMPARE(f.kind(), ls::EncodingKind::NvidiaMma);
  }

  // The form's fields are encoding_params' fields: the same keys (the CTA
  // layout moved last), tips, choices and ranges; optional and default as the
  // presentation rule in encoding_schema.cpp maps them.
  void schemaIsTheTable() {
    QCOMPARE(kindSpecs().size(), ls::allEncodingParams().size());
    for (const KindSpec &k : kindSpecs()) {
      const ls::EncodingParams &p = ls::encodingParams(k.kind);
      QCOMPARE(k.mnemonic, QString::fromStdString(p.mnemonic));
      QCOMPARE(k.shared, p.shared);
      QCOMPARE(k.tensorMemory, !p.braces);
      QStringList tableKeys, cgaKeys, formKeys;
      for (const ls::FieldParam &f : p.fields)
        (f.kind == ls::ValueKind::Cga ? cgaKeys : tableKeys) << QString::fromStdString(f.key);
      for (const FieldSpec &fs : k.fields)
        formKeys << fs.key;
      QCOMPARE(formKeys, tableKeys + cgaKeys);
      for (const FieldSpec &fs : k.fields) {
        const ls::FieldParam &f = p.at(fs.key.toStdString());
        QCOMPARE(fs.tip, QString::fromStdString(f.tip));
        QCOMPARE(fs.placement, f.placement);
        QStringList choices;
        for (const auto &c : f.choices)
          choices << QString::fromStdString(c);
        if (fs.optional && fs.type == FieldType::Choice)
          choices.prepend(QString());
        QCOMPARE(fs.choices, choices);
        QCOMPARE(fs.minimum, static_cast<int>(f.minimum));
        QCOMPARE(fs.maximum, static_cast<int>(f.maximum));
        // A form default is the table's default of a field Triton leaves out.
        if (!fs.defaultValue.isEmpty()) {
          QVERIFY(f.omittedAtDefault);
          QCOMPARE(fs.defaultValue, QString::fromStdString(f.defaultText));
        }
        // A field the reader requires is never optional in the form.
        if (!f.optional && f.group == 0)
          QVERIFY2(!fs.optional, qPrintable(k.mnemonic + "." + fs.key));
      }
    }
    // Exact facts of the mapping: kWidth defaults to 0 and may be left empty;
    // CTASplitM is a spin box that starts at 1, not "none"; versionMinor
    // (always printed by Triton) is not optional in the form.
    const FieldSpec *kWidth = nullptr, *split = nullptr, *minor = nullptr;
    for (const FieldSpec &fs : kindSpec(ls::EncodingKind::DotOperand)->fields)
      if (fs.key == QLatin1String("kWidth"))
        kWidth = &fs;
    for (const FieldSpec &fs : kindSpec(ls::EncodingKind::TensorMemory)->fields)
      if (fs.key == QLatin1String("CTASplitM"))
        split = &fs;
    for (const FieldSpec &fs : kindSpec(ls::EncodingKind::NvidiaMma)->fields)
      if (fs.key == QLatin1String("versionMinor"))
        minor = &fs;
    QVERIFY(kWidth && split && minor);
    QVERIFY(kWidth->optional);
    QCOMPARE(kWidth->defaultValue, QStringLiteral("0"));
    QVERIFY(!split->optional);
    QCOMPARE(split->defaultValue, QStringLiteral("1"));
    QCOMPARE(split->type, FieldType::Pow2);
    QVERIFY(!minor->optional);
    QVERIFY(minor->defaultValue.isEmpty());
  }

  // Every kind's default parses and evaluates on a 64x64 tensor.
  void defaultsAreValid() {
    for (const KindSpec &k : kindSpecs()) {
      DefaultContext ctx;
      const QString text = defaultAttribute(k.kind, ctx);
      auto enc = ls::ir::parseEncoding(text.toStdString());
      QCOMPARE(enc->kind(), k.kind);
      enc->toLinearLayout(ctx.shape);
    }
  }
};

LS_GUI_TEST_MAIN(TestEncodingForm)
#include "tst_encoding_form.moc"
