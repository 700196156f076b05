// Fuzz target: the .lstudio loader (app/gui/document_file.h) -- every file
// the user opens, every example and every autosave offered for recovery is
// read by readDocumentJson. Qt Core only (QJsonDocument), no GUI.
//
// Round-trip oracle: an accepted document written back (writeDocumentJson)
// reads again to the same designs, and that text is a fixed point.
#include "document_file.h"
#include "fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace ls::app;
  const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
  QString error;
  const std::optional<DocumentFile> file = readDocumentJson(bytes, &error);
  if (!file) {
    if (error.isEmpty())
      ls::fuzz::oracleFailed("rejected without a message", bytes.left(200).toStdString());
    return 0;
  }
  const QByteArray written = writeDocumentJson(*file);
  const std::optional<DocumentFile> again = readDocumentJson(written, &error);
  if (!again || again->designs != file->designs)
    ls::fuzz::oracleFailed("written document reads back differently", written.toStdString());
  if (writeDocumentJson(*again) != written)
    ls::fuzz::oracleFailed("written document is not a fixed point", written.toStdString());
  return 0;
}
