// Data rows of the real-TTGIR corpora (tests/data/ttgir36 and the held-out
// tests/data/ttgir36_variants): one QTest row per line of a corpus's
// triton_reading.jsonl, named after its file, with the file's path and the
// line (Triton 3.6's reading of that file). The caller declares the columns
// `path` (QString) and `reading` (QByteArray).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTest>

namespace ls::test {

// Adds the rows of the corpus in `dir` (ending in '/'); returns how many,
// or -1 if its triton_reading.jsonl cannot be read.
inline int addTtgirCorpusRows(const QString &dir) {
  QFile jsonl(dir + "triton_reading.jsonl");
  if (!jsonl.open(QIODevice::ReadOnly))
    return -1;
  int n = 0;
  while (!jsonl.atEnd()) {
    const QByteArray line = jsonl.readLine().trimmed();
    if (line.isEmpty())
      continue;
    const QString file = QJsonDocument::fromJson(line).object()["file"].toString();
    QTest::newRow(file.toUtf8().constData()) << dir + file << line;
    ++n;
  }
  return n;
}

} // namespace ls::test
