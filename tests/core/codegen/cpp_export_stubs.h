// Stand-ins for the Triton 3.6 C++ API that exported snippets call, so that
// the tests can compile the snippets without MLIR.
//
// Each builder has the parameter list of the Triton 3.6 attribute (from
// TritonGPUAttrDefs.td: the generated `get(ctx, params...)`), so a snippet
// that passes arguments in the wrong order or number does not compile.  Each
// returns an attribute whose `text` is what Triton 3.6 would print for it, so
// the test can compare the built attribute with the exported one.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "layout/linear_layout.h"

namespace ls_test::ttg {

struct MLIRContext {};

// llvm::ArrayRef accepts a braced list; so does this.
template <class T> struct ArrayRef {
  ArrayRef() = default;
  ArrayRef(std::initializer_list<T> l) : values(l) {}
  std::vector<T> values;
};

inline std::string listText(const std::vector<unsigned> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

inline std::string basesText(const ls::LinearLayout &ll, const std::string &in) {
  std::string s = "[";
  if (ll.hasInDim(in))
    for (int i = 0; i < ll.getInDimSizeLog2(in); ++i) {
      auto b = ll.getBasis(in, i);
      s += i ? ", [" : "[";
      for (size_t j = 0; j < b.size(); ++j)
        s += (j ? ", " : "") + std::to_string(b[j]);
      s += "]";
    }
  return s + "]";
}

struct Attribute {
  std::string text;
};

struct CTAEncodingAttr : Attribute {
  int rank = 0;
  static CTAEncodingAttr getDefault(MLIRContext *, int rank) {
    CTAEncodingAttr a;
    a.rank = rank;
    return a;
  }
  static CTAEncodingAttr get(MLIRContext *, ls::LinearLayout ll) {
    CTAEncodingAttr a;
    a.rank = ll.getNumOutDims();
    a.text = ", CGALayout = " + basesText(ll, "block");
    return a;
  }
};

struct BlockedEncodingAttr : Attribute {
  static BlockedEncodingAttr get(MLIRContext *, ArrayRef<unsigned> sizePerThread,
                                 ArrayRef<unsigned> threadsPerWarp, ArrayRef<unsigned> warpsPerCTA,
                                 ArrayRef<unsigned> order, CTAEncodingAttr cga) {
    return {{"#ttg.blocked<{sizePerThread = " + listText(sizePerThread.values) +
             ", threadsPerWarp = " + listText(threadsPerWarp.values) +
             ", warpsPerCTA = " + listText(warpsPerCTA.values) +
             ", order = " + listText(order.values) + cga.text + "}>"}};
  }
};

struct SliceEncodingAttr : Attribute {
  static SliceEncodingAttr get(MLIRContext *, unsigned dim, Attribute parent) {
    return {{"#ttg.slice<{dim = " + std::to_string(dim) + ", parent = " + parent.text + "}>"}};
  }
};

struct NvidiaMmaEncodingAttr : Attribute {
  static NvidiaMmaEncodingAttr get(MLIRContext *, unsigned versionMajor, unsigned versionMinor,
                                   ArrayRef<unsigned> warpsPerCTA, CTAEncodingAttr cga,
                                   ArrayRef<unsigned> instrShape) {
    return {{"#ttg.nvidia_mma<{versionMajor = " + std::to_string(versionMajor) +
             ", versionMinor = " + std::to_string(versionMinor) +
             ", warpsPerCTA = " + listText(warpsPerCTA.values) + cga.text +
             ", instrShape = " + listText(instrShape.values) + "}>"}};
  }
};

struct DotOperandEncodingAttr : Attribute {
  static DotOperandEncodingAttr get(MLIRContext *, unsigned opIdx, Attribute parent,
                                    unsigned kWidth) {
    return {{"#ttg.dot_op<{opIdx = " + std::to_string(opIdx) + ", parent = " + parent.text +
             (kWidth ? ", kWidth = " + std::to_string(kWidth) : std::string()) + "}>"}};
  }
};

inline bool allOnes(const std::vector<unsigned> &v) {
  for (unsigned x : v)
    if (x != 1)
      return false;
  return true;
}

struct AMDMfmaEncodingAttr : Attribute {
  static AMDMfmaEncodingAttr get(MLIRContext *, unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                 ArrayRef<unsigned> instrShape, bool isTransposed,
                                 CTAEncodingAttr cga, ArrayRef<unsigned> tilesPerWarp,
                                 unsigned elementBitWidth) {
    return {
        {"#ttg.amd_mfma<{version = " + std::to_string(version) + ", warpsPerCTA = " +
         listText(warpsPerCTA.values) + ", instrShape = " + listText(instrShape.values) +
         ", isTransposed = " + (isTransposed ? "true" : "false") + cga.text +
         (allOnes(tilesPerWarp.values) ? "" : ", tilesPerWarp = " + listText(tilesPerWarp.values)) +
         (elementBitWidth != 32 ? ", elementBitWidth = " + std::to_string(elementBitWidth)
                                : std::string()) +
         "}>"}};
  }
};

struct AMDWmmaEncodingAttr : Attribute {
  static AMDWmmaEncodingAttr get(MLIRContext *, unsigned version, bool isTransposed,
                                 ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> tilesPerWarp,
                                 CTAEncodingAttr cga, ArrayRef<unsigned> instrShape) {
    const bool defaultInstr = instrShape.values == std::vector<unsigned>{16, 16, 16};
    return {
        {"#ttg.amd_wmma<{version = " + std::to_string(version) +
         ", isTranspose = " + (isTransposed ? "true" : "false") +
         ", warpsPerCTA = " + listText(warpsPerCTA.values) + cga.text +
         (allOnes(tilesPerWarp.values) ? "" : ", tilesPerWarp = " + listText(tilesPerWarp.values)) +
         (defaultInstr ? "" : ", instrShape = " + listText(instrShape.values)) + "}>"}};
  }
};

struct LinearEncodingAttr : Attribute {
  static LinearEncodingAttr get(MLIRContext *, ls::LinearLayout ll) {
    return {{"#ttg.linear<{register = " + basesText(ll, "register") +
             ", lane = " + basesText(ll, "lane") + ", warp = " + basesText(ll, "warp") +
             ", block = " + basesText(ll, "block") + "}>"}};
  }
};

inline std::string swizzledText(const char *name, unsigned vec, unsigned perPhase,
                                unsigned maxPhase, const std::vector<unsigned> &order,
                                const CTAEncodingAttr &cga) {
  return std::string("#ttg.") + name + "<{vec = " + std::to_string(vec) +
         ", perPhase = " + std::to_string(perPhase) + ", maxPhase = " + std::to_string(maxPhase) +
         ", order = " + listText(order) + cga.text + "}>";
}

struct SwizzledSharedEncodingAttr : Attribute {
  static SwizzledSharedEncodingAttr get(MLIRContext *, unsigned vec, unsigned perPhase,
                                        unsigned maxPhase, ArrayRef<unsigned> order,
                                        CTAEncodingAttr cga) {
    return {{swizzledText("swizzled_shared", vec, perPhase, maxPhase, order.values, cga)}};
  }
};

struct AMDRotatingSharedEncodingAttr : Attribute {
  static AMDRotatingSharedEncodingAttr get(MLIRContext *, unsigned vec, unsigned perPhase,
                                           unsigned maxPhase, ArrayRef<unsigned> order,
                                           CTAEncodingAttr cga) {
    return {{swizzledText("amd_rotating_shared", vec, perPhase, maxPhase, order.values, cga)}};
  }
};

struct NVMMASharedEncodingAttr : Attribute {
  static NVMMASharedEncodingAttr get(MLIRContext *, unsigned swizzlingByteWidth, bool transposed,
                                     unsigned elementBitWidth, bool fp4Padded,
                                     CTAEncodingAttr cga) {
    std::string tail = cga.text;
    if (tail.empty() && cga.rank != 2)
      tail = ", rank = " + std::to_string(cga.rank);
    return {{"#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzlingByteWidth) +
             ", transposed = " + (transposed ? "true" : "false") +
             ", elementBitWidth = " + std::to_string(elementBitWidth) +
             (fp4Padded ? ", fp4Padded = true" : "") + tail + "}>"}};
  }
};

struct PaddedSharedEncodingAttr : Attribute {
  // Always the long form; the test compares it with the long form.
  static PaddedSharedEncodingAttr get(MLIRContext *, ArrayRef<unsigned> intervals,
                                      ArrayRef<unsigned> paddings, ls::LinearLayout component) {
    std::string pairs;
    for (size_t i = 0; i < intervals.values.size() && i < paddings.values.size(); ++i)
      pairs += (i ? ", " : "") + std::to_string(intervals.values[i]) + ":+" +
               std::to_string(paddings.values[i]);
    return {{"#ttg.padded_shared<[" + pairs + "] {offset = " + basesText(component, "offset") +
             ", block = " + basesText(component, "block") + "}>"}};
  }
};

struct SharedLinearEncodingAttr : Attribute {
  static SharedLinearEncodingAttr get(MLIRContext *, ls::LinearLayout ll,
                                      unsigned layoutAlignment) {
    const std::string block = basesText(ll, "block");
    return {{"#ttg.shared_linear<{offset = " + basesText(ll, "offset") +
             (block == "[]" ? std::string() : ", block = " + block) +
             "}, alignment = " + std::to_string(layoutAlignment) + ">"}};
  }
};

} // namespace ls_test::ttg
