// The .lstudio file format, apart from the live Document: reading and writing
// the JSON, and the one atomic write every save and autosave goes through.
//
//   {"format": "layout-studio", "version": 1, "current": 0, "target": "gfx942",
//    "designs": [ <design>, ... ],     (see design.h)
//    "kernel": {"path": "/abs/k.ttgir"}  or  {"text": "<pasted module>"}}
//
// "kernel" (optional) is the kernel shown in the Kernel view: a file by its
// path (read again when the document opens), or a pasted module by its text,
// so that a pasted kernel survives a save, an autosave and a crash.
//
// "target" is the document's explicit target, canonical (design.h's
// vocabulary; Triton's cuda:90 / hip:gfx942 are read too). Without it --
// older files, and documents whose target was never set -- the target
// follows the designs (impliedTarget: gfx942 for 64 lanes, else sm90).
//
// Kept free of QtGui and of the evaluator so that the loader can be fuzzed
// and tested with Qt Core alone (tests/fuzz/fuzz_document.cpp): every byte a
// user opens or an autosave recovery reads goes through readDocumentJson.
//
// Saving is atomic (QSaveFile: write a temporary file in the same folder,
// flush and fsync it, rename over the target), so a crash or a kill at any
// point leaves either the old or the new complete file on disk. The write
// has a fault-injection seam (setSaveFaultForTesting) so that tests can make
// it fail as a full disk or a refused permission would, without root.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>
#include <vector>

#include "design.h"

namespace ls::app {

inline constexpr int kDocumentFormatVersion = 1;

// The kernel a document shows in the Kernel view (none when both are empty).
struct KernelRef {
  QString path; // a .ttgir/.mlir file, read again when the document opens
  QString text; // a pasted module (path empty)
  bool empty() const { return path.isEmpty() && text.isEmpty(); }
  bool operator==(const KernelRef &) const = default;
};

struct DocumentFile {
  std::vector<Design> designs;
  int current = 0;
  KernelRef kernel;
  QString target; // canonical, "" = none set (follow the designs)
};

// Requires: nothing of `json` (any bytes).
// Postcondition: the designs, or nullopt with *error saying what is wrong
// ("not JSON: ... at byte N", "more than 1000 designs", "design "x": ...").
std::optional<DocumentFile> readDocumentJson(const QByteArray &json, QString *error);
QByteArray writeDocumentJson(const DocumentFile &file);

// Where a save can fail, for the fault-injection seam.
enum class SaveFault { None, DiskFull, PermissionDenied };
// Makes every following writeFileAtomically fail as `fault` would (tests).
void setSaveFaultForTesting(SaveFault fault);

// Writes `bytes` to `path` atomically. On failure returns false, *error says
// why in the user's words, and the file on disk is untouched.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

// Reads a document file (size-checked before reading); nullopt with *error.
std::optional<QByteArray> readDocumentBytes(const QString &path, QString *error);

} // namespace ls::app
