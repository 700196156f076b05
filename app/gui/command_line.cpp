#include "command_line.h"

#include "design.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

#include "analysis/banks/bank_model.h"

namespace ls::app {

QStringList bankTargetNames() {
  QStringList names;
  for (const auto &n : ls::BankTarget::names())
    names << QString::fromStdString(n);
  return names;
}

namespace {

// --file, --example, --open-copy, --shared, --target and --panel; the first
// error found goes to c.error (unless one is there already).
void parsePanelOptions(const QCommandLineParser &p, const QCommandLineOption &fileOpt,
                       const QCommandLineOption &example, const QCommandLineOption &openCopy,
                       const QCommandLineOption &shared, const QCommandLineOption &target,
                       const QCommandLineOption &panel, CommandLine &c) {
  QStringList errors;
  if (p.isSet(fileOpt)) {
    if (!c.file.isEmpty())
      errors << QStringLiteral("--file: a file is already given ('%1')").arg(c.file);
    c.file = p.value(fileOpt);
  }
  c.example = p.value(example);
  c.openCopy = p.value(openCopy);
  c.shared = p.value(shared);
  c.target = p.value(target);
  c.panel = p.value(panel);
  const QStringList examples = exampleNames();
  if (p.isSet(example) && !examples.contains(c.example))
    errors << QStringLiteral("--example: '%1' is not one of %2")
                  .arg(c.example, examples.join(QStringLiteral(", ")));
  const int sources = int(!c.file.isEmpty()) + int(!c.layout.isEmpty()) + int(p.isSet(example)) +
                      int(p.isSet(openCopy));
  // A kernel file may come with a design (it opens in the Kernel view).
  const bool kernelFile =
      c.file.endsWith(QLatin1String(".ttgir")) || c.file.endsWith(QLatin1String(".mlir"));
  if (sources - int(kernelFile) > 1)
    errors << QStringLiteral("give one of a file, --layout, --example or --open-copy");
  if (p.isSet(shared) && c.layout.isEmpty())
    errors << QStringLiteral("--shared: needs --layout (the distributed design it pairs with)");
  if (p.isSet(target)) {
    // Any spelling of the one vocabulary (sm90, gfx942, cuda:90, hip:gfx942).
    QString why;
    if (const std::optional<QString> t = canonicalTarget(c.target, &why))
      c.target = *t;
    else
      errors << QStringLiteral("--target: %1").arg(why);
  }
  static const QStringList panels = {QStringLiteral("grid"), QStringLiteral("banks"),
                                     QStringLiteral("conversion"), QStringLiteral("basis"),
                                     QStringLiteral("kernel")};
  if (p.isSet(panel) && !panels.contains(c.panel))
    errors << QStringLiteral("--panel: '%1' is not one of %2")
                  .arg(c.panel, panels.join(QStringLiteral(", ")));
  if (c.panel == QLatin1String("kernel") && c.kernel.isEmpty() && !kernelFile)
    errors << QStringLiteral("--panel kernel: needs --file K.ttgir (or --kernel K.ttgir)");
  if (c.error.isEmpty() && !errors.isEmpty())
    c.error = errors.front();
}

} // namespace

QStringList exampleNames() {
  QStringList names;
  for (const QString &f :
       QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.lstudio")}))
    names << QFileInfo(f).completeBaseName();
  return names;
}

CommandLine parseCommandLine(const QStringList &arguments) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral(
      "Layout Studio: design GPU tensor layouts as Triton 3.6 sees them, and watch them live."));
  p.addHelpOption();
  p.addVersionOption();
  // What to open, and which panel a screenshot shows (issue 16).
  const QCommandLineOption fileOpt(QStringLiteral("file"),
                                   QStringLiteral("A .lstudio document to open, or a .ttgir/.mlir "
                                                  "kernel for the Kernel view (as [file])."),
                                   QStringLiteral("FILE"));
  const QCommandLineOption example(
      QStringLiteral("example"),
      QStringLiteral("Open a built-in example (transpose, swizzle, nvidia_mma, amd) as an "
                     "untitled copy, compared as File > Examples does."),
      QStringLiteral("NAME"));
  const QCommandLineOption openCopy(QStringLiteral("open-copy"),
                                    QStringLiteral("Open a .lstudio document as an untitled copy "
                                                   "(Save asks where; the file is not touched)."),
                                    QStringLiteral("FILE"));
  const QCommandLineOption shared(
      QStringLiteral("shared"),
      QStringLiteral("With --layout: add a shared design of this attribute (same shape and "
                     "element type), compared with the first (the Banks panel's pair)."),
      QStringLiteral("ATTR"));
  const QCommandLineOption target(QStringLiteral("target"),
                                  QStringLiteral("The document's target, used by every panel: "
                                                 "%1, or Triton's cuda:N / hip:gfxN.")
                                      .arg(bankTargetNames().join(QStringLiteral(", "))),
                                  QStringLiteral("T"));
  const QCommandLineOption panel(
      QStringLiteral("panel"),
      QStringLiteral("Show this panel: grid, banks, conversion, basis or kernel; with --screenshot, "
                     "render the panel alone at --size."),
      QStringLiteral("NAME"));
  const QCommandLineOption access(
      QStringLiteral("access"),
      QStringLiteral("The Banks panel's access: load (local_load, the default) or store "
                     "(local_store)."),
      QStringLiteral("A"));
  p.addOptions({fileOpt, example, openCopy, shared, target, panel, access});
  const QCommandLineOption layout(QStringLiteral("layout"),
                                  QStringLiteral("Open a design of this layout attribute (or "
                                                 "tensor/memdesc type)."),
                                  QStringLiteral("ATTR"));
  const QCommandLineOption shape(QStringLiteral("shape"),
                                 QStringLiteral("Tensor shape, e.g. 64x64."), QStringLiteral("S"));
  const QCommandLineOption dtype(QStringLiteral("dtype"), QStringLiteral("Element type, e.g. f16."),
                                 QStringLiteral("T"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("Render the window to this PNG (or the "
                                                     "grid view to this .svg / .pdf, as vector "
                                                     "shapes and text) and exit."),
                                      QStringLiteral("FILE"));
  const QCommandLineOption arrangement(
      QStringLiteral("arrangement"),
      QStringLiteral("'mma': show A, B and C of the MMA whose result is the design (one "
                     "instruction tile unless --shape is given); with --screenshot, render "
                     "that picture (.png, .svg or .pdf)."),
      QStringLiteral("KIND"));
  const QCommandLineOption size(QStringLiteral("size"),
                                QStringLiteral("Window size for --screenshot, e.g. 1400x860."),
                                QStringLiteral("WxH"));
  const QCommandLineOption colorBy(QStringLiteral("color-by"),
                                   QStringLiteral("thread, warp, lane, register, block, offset "
                                                  "or bank."),
                                   QStringLiteral("MODE"));
  const QCommandLineOption labels(
      QStringLiteral("labels"),
      QStringLiteral("Cell labels: thread (T5:3), lane (L5) or fragment "
                     "(MMA fragment registers c0.., a0.., b0..)."),
      QStringLiteral("MODE"));
  const QCommandLineOption step(QStringLiteral("step"),
                                QStringLiteral("Show step N (1-based) of the lane-by-lane "
                                               "step-through."),
                                QStringLiteral("N"));
  p.addOptions({labels, step});
  const QCommandLineOption hardware(QStringLiteral("hardware-view"),
                                    QStringLiteral("Show the hardware view."));
  const QCommandLineOption presentation(QStringLiteral("presentation"),
                                        QStringLiteral("Presentation mode (large type, high "
                                                       "contrast, colour-blind-safe palette)."));
  const QCommandLineOption bench(QStringLiteral("bench-ui"),
                                 QStringLiteral("Print edit-to-frame times and peak memory, and "
                                                "exit."));
  const QCommandLineOption compare(QStringLiteral("compare"),
                                   QStringLiteral("Show design number INDEX (0-based) beside the "
                                                  "current one."),
                                   QStringLiteral("INDEX"));
  const QCommandLineOption noRecovery(QStringLiteral("no-recovery"),
                                      QStringLiteral("Do not offer to recover autosaved work."));
  const QCommandLineOption kernel(QStringLiteral("kernel"),
                                  QStringLiteral("Audit this TTGIR kernel in the Kernel view."),
                                  QStringLiteral("FILE"));
  p.addOptions({layout, shape, dtype, screenshot, size, colorBy, hardware, presentation, bench,
                compare, noRecovery, kernel, arrangement});
  p.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A .lstudio document to open."),
                          QStringLiteral("[file]"));
  CommandLine c;
  // An unknown option or a missing value is an `error:` line with status 2
  // (main), as in the CLI; --help and --version print and exit.
  if (!p.parse(arguments)) {
    c.error = p.errorText();
    return c;
  }
  p.process(arguments);

  c.layout = p.value(layout);
  c.shape = p.value(shape);
  c.dtype = p.value(dtype);
  c.screenshot = p.value(screenshot);
  c.kernel = p.value(kernel);
  c.arrangement = p.value(arrangement);
  if (p.isSet(arrangement) && c.arrangement != QLatin1String("mma"))
    c.error = QStringLiteral("--arrangement: expected 'mma', got '%1'").arg(c.arrangement);
  c.colorBy = p.value(colorBy);
  c.hardwareView = p.isSet(hardware);
  c.presentation = p.isSet(presentation);
  c.benchUi = p.isSet(bench);
  c.noRecovery = p.isSet(noRecovery);
  c.labels = p.value(labels);
  if (!c.labels.isEmpty() && c.labels != QLatin1String("thread") &&
      c.labels != QLatin1String("lane") && c.labels != QLatin1String("fragment"))
    c.error = QStringLiteral("--labels: expected thread, lane or fragment, got '%1'").arg(c.labels);
  if (p.isSet(step)) {
    bool ok = false;
    c.step = p.value(step).toInt(&ok);
    if (!ok || c.step < 1)
      c.error =
          QStringLiteral("--step: expected a step number from 1, got '%1'").arg(p.value(step));
  }
  if (p.isSet(size)) {
    const QStringList wh = p.value(size).split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = wh.value(0).toInt(&okW), h = wh.value(1).toInt(&okH);
    if (wh.size() != 2 || !okW || !okH || w < 320 || h < 240 || w > 8192 || h > 8192)
      c.error = QStringLiteral("--size: expected WxH between 320x240 and 8192x8192, got '%1'")
                    .arg(p.value(size));
    else
      c.size = QSize(w, h);
  }
  if (p.isSet(compare)) {
    bool ok = false;
    c.compare = p.value(compare).toInt(&ok);
    if (!ok || c.compare < 0)
      c.error = QStringLiteral("--compare: expected a design number (0, 1, ...), got '%1'")
                    .arg(p.value(compare));
  }
  const QStringList pos = p.positionalArguments();
  if (pos.size() > 1)
    c.error = QStringLiteral("at most one file can be opened, got %1").arg(pos.size());
  else if (!pos.isEmpty())
    c.file = pos.front();
  if (!c.file.isEmpty() && !c.layout.isEmpty())
    c.error = QStringLiteral("give either a file or --layout, not both");
  if (c.layout.isEmpty() && (!c.shape.isEmpty() || !c.dtype.isEmpty()))
    c.error = QStringLiteral("--shape and --dtype need --layout");
  parsePanelOptions(p, fileOpt, example, openCopy, shared, target, panel, c);
  c.access = p.value(access);
  if (p.isSet(access) && c.access != QLatin1String("load") && c.access != QLatin1String("store") &&
      c.error.isEmpty())
    c.error = QStringLiteral("--access: expected load or store, got '%1'").arg(c.access);
  return c;
}

} // namespace ls::app
