#include "codegen/export_options.h"

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/nvmma_shared.h"
#include "util/error.h"

namespace ls::codegen {

namespace {
struct FormatInfo {
  ExportFormat format;
  const char *name, *title, *suffix;
};
const FormatInfo kFormats[] = {
    {ExportFormat::Attribute, "mlir", "MLIR attribute", ".mlir"},
    {ExportFormat::Module, "mlir-module", "TTGIR module", ".ttgir"},
    {ExportFormat::Cpp, "cpp", "C++", ".cpp"},
    {ExportFormat::Gluon, "gluon", "Gluon", ".py"},
    {ExportFormat::GluonProbe, "gluon-probe", "Gluon probe", ".py"},
    {ExportFormat::Descriptor, "descriptor", "Descriptor", ".json"},
    {ExportFormat::Cuda, "cuda", "CUDA kernel", ".cu"},
    {ExportFormat::Hip, "hip", "HIP kernel", ".hip"},
    {ExportFormat::Cute, "cute", "CuTe", ".hpp"},
};
const FormatInfo &info(ExportFormat f) {
  for (const auto &i : kFormats)
    if (i.format == f)
      return i;
  throw InternalError("unknown export format");
}
} // namespace

const std::vector<ExportFormat> &allFormats() {
  static const std::vector<ExportFormat> all = [] {
    std::vector<ExportFormat> v;
    for (const auto &i : kFormats)
      v.push_back(i.format);
    return v;
  }();
  return all;
}

const char *formatName(ExportFormat f) {
  return info(f).name;
}
const char *formatTitle(ExportFormat f) {
  return info(f).title;
}
const char *formatSuffix(ExportFormat f) {
  return info(f).suffix;
}

ExportFormat parseFormat(const std::string &text, const std::string &field) {
  for (const auto &i : kFormats)
    if (text == i.name)
      return i.format;
  std::string names;
  for (const auto &i : kFormats)
    names += std::string(names.empty() ? "" : ", ") + i.name;
  throw Error(field, "unknown format '" + text + "'; expected one of " + names);
}

Target parseTarget(const std::string &text, const std::string &field) {
  auto colon = text.find(':');
  Target t;
  if (colon != std::string::npos) {
    t.backend = text.substr(0, colon);
    t.arch = text.substr(colon + 1);
  } else if (text.rfind("sm", 0) == 0) {
    // The short spellings of the one --target vocabulary: sm90, gfx942.
    t.backend = "cuda";
    t.arch = text.substr(2);
  } else if (text.rfind("gfx", 0) == 0) {
    t.backend = "hip";
    t.arch = text;
  }
  auto digits = [](const std::string &s) {
    return !s.empty() && s.size() <= 4 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  if (t.backend == "cuda" && digits(t.arch)) {
    t.threadsPerWarp = 32;
    return t;
  }
  if (t.backend == "hip" && t.arch.size() >= 6 && t.arch.size() <= 12 &&
      t.arch.rfind("gfx", 0) == 0 &&
      t.arch.find_first_not_of("0123456789abcdef", 3) == std::string::npos) {
    // CDNA (gfx9xx) runs 64-lane wavefronts; RDNA (gfx10xx and later) 32.
    t.threadsPerWarp = t.arch.size() == 6 && t.arch[3] == '9' ? 64 : 32;
    return t;
  }
  throw Error(field, "'" + text +
                         "' is not a target; expected cuda:<sm> or sm<N> (e.g. cuda:90, "
                         "sm90) or hip:gfx<arch> or gfx<arch> (e.g. hip:gfx942, gfx942)");
}

Target defaultTarget(const Encoding &enc) {
  switch (enc.kind()) {
  case EncodingKind::AmdMfma:
  case EncodingKind::AmdRotatingShared:
    return parseTarget("hip:gfx942");
  case EncodingKind::AmdWmma: {
    unsigned v = static_cast<const AmdWmmaEncoding &>(enc).version;
    return parseTarget(v <= 1 ? "hip:gfx1100" : v == 2 ? "hip:gfx1200" : "hip:gfx1250");
  }
  default:
    break;
  }
  if (!enc.isShared() && enc.warpSize() == 64)
    return parseTarget("hip:gfx942");
  // Slices and dot operands live where their parent lives.
  return parseTarget("cuda:90");
}

Target resolveTarget(const Encoding &enc, const ExportOptions &options) {
  if (!options.target.empty())
    return parseTarget(options.target);
  return defaultTarget(enc);
}

ir::ElementType defaultElementType(const Encoding &enc) {
  unsigned bits = 16;
  if (enc.kind() == EncodingKind::NvmmaShared)
    bits = static_cast<const NvmmaSharedEncoding &>(enc).elementBitWidth;
  else if (enc.kind() == EncodingKind::AmdMfma &&
           static_cast<const AmdMfmaEncoding &>(enc).elementBitWidth == 64)
    bits = 64;
  switch (bits) {
  case 8:
    return ir::parseElementType("f8E4M3FN");
  case 32:
    return ir::parseElementType("f32");
  case 64:
    return ir::parseElementType("f64");
  default:
    return ir::parseElementType("f16");
  }
}

LinearLayout checkedLayout(const ExportDesign &design) {
  if (!design.encoding)
    throw Error("layout", "no layout to export");
  if (design.element.bits <= 0)
    throw Error("--dtype", "no element type");
  const Encoding &enc = *design.encoding;
  if (enc.kind() == EncodingKind::NvmmaShared) {
    const auto &n = static_cast<const NvmmaSharedEncoding &>(enc);
    if (static_cast<int>(n.elementBitWidth) != design.element.bits)
      throw Error("--dtype", design.element.name + " has " + std::to_string(design.element.bits) +
                                 " bits but the nvmma_shared layout's elementBitWidth is " +
                                 std::to_string(n.elementBitWidth));
  }
  return enc.toLinearLayout(design.shape);
}

int exportNumWarps(const Encoding &enc, const ExportOptions &options) {
  if (options.numWarps < 0 || options.numWarps > 64 ||
      (options.numWarps & (options.numWarps - 1)) != 0)
    throw Error("--num-warps",
                "must be a power of two between 1 and 64, got " + std::to_string(options.numWarps));
  if (enc.isShared())
    return options.numWarps ? options.numWarps : 4;
  int own = enc.numWarps();
  if (options.numWarps && options.numWarps != own)
    throw Error("--num-warps", "is " + std::to_string(options.numWarps) + " but the layout has " +
                                   std::to_string(own) + " warps per CTA");
  return own;
}

} // namespace ls::codegen
