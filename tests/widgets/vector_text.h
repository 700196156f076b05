// Reading back what a vector export holds, for tests: the text of an SVG's
// <text> elements, and the text a PDF draws (its content streams decoded
// through each font's ToUnicode map), so that a test can check that labels
// and titles are real text, in full.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace ls::test {

// The text of every <text> element, entities decoded, one entry each.
inline QStringList svgTexts(const QByteArray &svg) {
  QStringList out;
  static const QRegularExpression re(QStringLiteral("<text\\b[^>]*>(.*?)</text>"),
                                     QRegularExpression::DotMatchesEverythingOption);
  for (auto it = re.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
    QString t = it.next().captured(1);
    t.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&apos;"), QStringLiteral("'"))
        .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    out << t;
  }
  return out;
}

inline QString withoutSpaces(QString s) {
  s.remove(QRegularExpression(QStringLiteral("\\s")));
  return s;
}

struct PdfObject {
  QByteArray dict;   // the object's text before any stream
  QByteArray stream; // decompressed stream, if any
};

// Objects by number, streams inflated (FlateDecode) or as stored.
inline QHash<int, PdfObject> pdfObjects(const QByteArray &pdf) {
  QHash<int, PdfObject> objs;
  static const QRegularExpression head(QStringLiteral("(\\d+) 0 obj"));
  const QString latin = QString::fromLatin1(pdf);
  for (auto it = head.globalMatch(latin); it.hasNext();) {
    const auto m = it.next();
    const qsizetype start = m.capturedEnd();
    const qsizetype end = pdf.indexOf("endobj", start);
    if (end < 0)
      continue;
    PdfObject o;
    const QByteArray body = pdf.mid(start, end - start);
    const qsizetype s = body.indexOf("stream");
    if (s >= 0 && body.indexOf("endstream") > s) {
      o.dict = body.left(s);
      qsizetype d = s + 6;
      if (body.mid(d, 2) == "\r\n")
        d += 2;
      else if (body[d] == '\n')
        d += 1;
      QByteArray raw = body.mid(d, body.lastIndexOf("endstream") - d);
      if (o.dict.contains("/FlateDecode")) {
        QByteArray withSize(4, '\0');
        withSize[1] = 0x10; // a size hint; qUncompress grows it as needed
        o.stream = qUncompress(withSize + raw);
      } else {
        o.stream = raw;
      }
    } else {
      o.dict = body;
    }
    objs.insert(m.captured(1).toInt(), o);
  }
  return objs;
}

// Glyph id -> text, from a ToUnicode CMap (bfchar and bfrange entries).
inline QHash<uint, QString> pdfCMap(const QByteArray &cmap) {
  QHash<uint, QString> map;
  auto hexText = [](const QString &hex) {
    QString s;
    for (qsizetype i = 0; i + 4 <= hex.size(); i += 4)
      s += QChar(hex.mid(i, 4).toUInt(nullptr, 16));
    return s;
  };
  const QString text = QString::fromLatin1(cmap);
  static const QRegularExpression chars(QStringLiteral("beginbfchar(.*?)endbfchar"),
                                        QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression pair(QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>"));
  for (auto it = chars.globalMatch(text); it.hasNext();)
    for (auto p = pair.globalMatch(it.next().captured(1)); p.hasNext();) {
      const auto m = p.next();
      map.insert(m.captured(1).toUInt(nullptr, 16), hexText(m.captured(2)));
    }
  static const QRegularExpression ranges(QStringLiteral("beginbfrange(.*?)endbfrange"),
                                         QRegularExpression::DotMatchesEverythingOption);
  static const QRegularExpression range(QStringLiteral(
      "<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>\\s*(?:<([0-9A-Fa-f]+)>|\\[([^\\]]*)\\])"));
  static const QRegularExpression hex(QStringLiteral("<([0-9A-Fa-f]+)>"));
  for (auto it = ranges.globalMatch(text); it.hasNext();)
    for (auto r = range.globalMatch(it.next().captured(1)); r.hasNext();) {
      const auto m = r.next();
      const uint lo = m.captured(1).toUInt(nullptr, 16), hi = m.captured(2).toUInt(nullptr, 16);
      if (!m.captured(3).isEmpty()) {
        const QString first = hexText(m.captured(3));
        for (uint g = lo; g <= hi && !first.isEmpty(); ++g) {
          QString s = first;
          s[s.size() - 1] = QChar(first.back().unicode() + (g - lo));
          map.insert(g, s);
        }
      } else {
        uint g = lo;
        for (auto h = hex.globalMatch(m.captured(4)); h.hasNext() && g <= hi; ++g)
          map.insert(g, hexText(h.next().captured(1)));
      }
    }
  return map;
}

// The text a PDF draws, one entry per text object (BT ... ET), in stream order.
inline QStringList pdfTexts(const QByteArray &pdf) {
  const QHash<int, PdfObject> objs = pdfObjects(pdf);
  // Font resource names -> ToUnicode maps.
  QHash<QString, QHash<uint, QString>> fonts;
  static const QRegularExpression fontRef(QStringLiteral("/(F\\w*)\\s+(\\d+) 0 R"));
  static const QRegularExpression toUnicode(QStringLiteral("/ToUnicode\\s+(\\d+) 0 R"));
  for (const PdfObject &o : objs)
    for (auto it = fontRef.globalMatch(QString::fromLatin1(o.dict)); it.hasNext();) {
      const auto m = it.next();
      const PdfObject font = objs.value(m.captured(2).toInt());
      const auto tu = toUnicode.match(QString::fromLatin1(font.dict));
      if (tu.hasMatch())
        fonts.insert(m.captured(1), pdfCMap(objs.value(tu.captured(1).toInt()).stream));
    }
  QStringList out;
  static const QRegularExpression op(
      QStringLiteral("/(F\\w*)\\s+[-\\d.]+\\s+Tf|(<[0-9A-Fa-f]*>|\\[[^\\]]*\\])\\s*(Tj|TJ)"));
  static const QRegularExpression hex(QStringLiteral("<([0-9A-Fa-f]*)>"));
  for (const PdfObject &o : objs) {
    if (o.stream.isEmpty() || !o.stream.contains("BT"))
      continue;
    QString font;
    // One entry per BT ... ET block (a drawText), whatever the glyph runs.
    static const QRegularExpression block(QStringLiteral("\\bBT\\b(.*?)\\bET\\b"),
                                          QRegularExpression::DotMatchesEverythingOption);
    for (auto b = block.globalMatch(QString::fromLatin1(o.stream)); b.hasNext();) {
      QString s;
      for (auto it = op.globalMatch(b.next().captured(1)); it.hasNext();) {
        const auto m = it.next();
        if (!m.captured(1).isEmpty()) {
          font = m.captured(1);
          continue;
        }
        const QHash<uint, QString> &map = fonts[font];
        for (auto h = hex.globalMatch(m.captured(2)); h.hasNext();) {
          const QString digits = h.next().captured(1);
          for (qsizetype i = 0; i + 4 <= digits.size(); i += 4)
            s += map.value(digits.mid(i, 4).toUInt(nullptr, 16), QStringLiteral("?"));
        }
      }
      out << s;
    }
  }
  return out;
}

} // namespace ls::test
