#include "codegen/mlir_export.h"

#include <algorithm>
#include <sstream>

#include "codegen/companion_layout.h"
#include "util/bits.h"
#include "util/error.h"

namespace ls::codegen {

namespace {

constexpr int kMaxModuleElementsLog2 = 20; // Triton's TRITON_MAX_TENSOR_NUMEL


// Writes the body of the module: SSA values are numbered by kind.
class ModuleWriter {
public:
  ModuleWriter(const Shape &shape, std::string elem, std::string ttg)
      : shape_(shape), elem_(std::move(elem)), ttg_(std::move(ttg)) {}

  std::string tensor(const Shape &s, const std::string &elem, const std::string &layout) const {
    return "tensor<" + shapeText(s) + "x" + elem + ", " + layout + ">";
  }
  std::string ptr() const { return "!tt.ptr<" + elem_ + ">"; }

  void line(const std::string &text) { out_ << "    " << text << "\n"; }

  // Row-major element offsets of the whole tensor in layout `blocked`
  // (an alias); returns the SSA name.
  std::string offsets(const std::string &blocked) {
    const int rank = static_cast<int>(shape_.size());
    if (rank == 1) {
      line("%offs = tt.make_range {end = " + std::to_string(shape_[0]) +
           " : i32, start = 0 : i32} : " + tensor(shape_, "i32", blocked));
      return "%offs";
    }
    std::string acc;
    int64_t stride = 1;
    std::vector<int64_t> strides(rank);
    for (int d = rank - 1; d >= 0; --d) {
      strides[d] = stride;
      stride *= shape_[d];
    }
    for (int d = 0; d < rank; ++d) {
      const std::string id = std::to_string(d);
      // Slice away every other dim, highest first, so the indices of the
      // remaining dims stay valid; expand back lowest first.
      std::vector<int> others;
      for (int o = rank - 1; o >= 0; --o)
        if (o != d)
          others.push_back(o);
      std::vector<std::string> chain{blocked};
      for (int o : others)
        chain.push_back("#" + ttg_ + ".slice<{dim = " + std::to_string(o) +
                        ", parent = " + chain.back() + "}>");
      Shape cur{shape_[d]};
      line("%range" + id + " = tt.make_range {end = " + std::to_string(shape_[d]) +
           " : i32, start = 0 : i32} : " + tensor(cur, "i32", chain.back()));
      std::string value = "%range" + id;
      for (int k = static_cast<int>(others.size()) - 1; k >= 0; --k) {
        const int axis = others[k];
        Shape next = cur;
        next.insert(next.begin() + axis, 1);
        const std::string name = "%idx" + id + "_" + std::to_string(axis);
        line(name + " = tt.expand_dims " + value + " {axis = " + std::to_string(axis) +
             " : i32} : " + tensor(cur, "i32", chain[k + 1]) + " -> " +
             tensor(next, "i32", chain[k]));
        value = name;
        cur = next;
      }
      if (strides[d] > 1) {
        line("%stride" + id + " = arith.constant dense<" + std::to_string(strides[d]) +
             "> : " + tensor(cur, "i32", blocked));
        line("%scaled" + id + " = arith.muli " + value + ", %stride" + id + " : " +
             tensor(cur, "i32", blocked));
        value = "%scaled" + id;
      }
      if (cur != shape_) {
        line("%bcast" + id + " = tt.broadcast " + value + " : " + tensor(cur, "i32", blocked) +
             " -> " + tensor(shape_, "i32", blocked));
        value = "%bcast" + id;
      }
      if (acc.empty()) {
        acc = value;
      } else {
        line("%sum" + id + " = arith.addi " + acc + ", " + value + " : " +
             tensor(shape_, "i32", blocked));
        acc = "%sum" + id;
      }
    }
    return acc;
  }

  // %<name>_ptrs: the tensor of pointers base + offs in `blocked`.
  void pointers(const std::string &name, const std::string &offs, const std::string &blocked) {
    const std::string pt = tensor(shape_, ptr(), blocked);
    line("%" + name + "_base = tt.splat %" + name + " : " + ptr() + " -> " + pt);
    line("%" + name + "_ptrs = tt.addptr %" + name + "_base, " + offs + " : " + pt + ", " +
         tensor(shape_, "i32", blocked));
  }

  std::string str() const { return out_.str(); }

private:
  Shape shape_;
  std::string elem_, ttg_;
  std::ostringstream out_;
};

} // namespace

std::string exportAttribute(const ExportDesign &design, const ExportOptions &options) {
  (void)checkedLayout(design);
  return ir::printEncoding(*design.encoding, options.syntax) + "\n";
}

std::string exportModule(const ExportDesign &design, const ExportOptions &options) {
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts are not exported as TTGIR modules yet");
  const std::string &elem = design.element.name;
  if (elem.rfind("!tt.ptr", 0) == 0)
    throw Error("--dtype", "a TTGIR module export loads and stores numbers; use a numeric "
                           "element type, not " +
                               elem);
  int elementsLog2 = 0;
  for (int64_t s : design.shape)
    elementsLog2 += log2Floor(static_cast<uint64_t>(s));
  if (elementsLog2 > kMaxModuleElementsLog2)
    throw Error("--shape", "TTGIR module exports hold at most 2^20 elements (Triton's largest "
                           "tensor); this shape has 2^" +
                               std::to_string(elementsLog2));
  const Target target = resolveTarget(enc, options);
  const int numWarps = exportNumWarps(enc, options);
  const int lanes = enc.isShared() ? target.threadsPerWarp : enc.warpSize();
  if (lanes != target.threadsPerWarp)
    throw Error("--target", target.text() + " runs " + std::to_string(target.threadsPerWarp) +
                                "-lane warps but the layout has " + std::to_string(lanes) +
                                " lanes per warp");
  const int numCTAs = ll.hasInDim(kBlock) ? ll.getInDimSize(kBlock) : 1;
  const bool legacy = options.syntax == ir::Syntax::Legacy;
  const std::string ttg = legacy ? "triton_gpu" : "ttg";

  EncodingPtr companion = companionLayout(design.shape, lanes, numWarps, ll);
  const std::string layoutAlias = enc.isShared() ? "#shared" : "#layout";

  std::ostringstream out;
  const std::string shapeStr = shapeText(design.shape);
  out << "// Layout Studio export: a TTGIR module that exercises\n"
      << "//   " << ir::printEncoding(enc, options.syntax) << "\n"
      << "// on tensor<" << shapeStr << "x" << elem << ">.  Offsets are built in a plain "
      << "blocked layout;\n";
  if (enc.isShared())
    out << "// the values pass through shared memory in this layout (local_alloc,\n"
        << "// local_load) before the store, ";
  else
    out << "// each thread loads its elements in this layout, converts back and\n"
        << "// stores, ";
  out << "so that out[i] == in[i].  Compile with\n"
      << "//   triton.compile(\"this.ttgir\", target=GPUTarget(\"" << target.backend << "\", "
      << (target.isCuda() ? target.arch : "\"" + target.arch + "\"") << ", "
      << target.threadsPerWarp << "))\n";
  out << "#blocked = " << ir::printEncoding(*companion, options.syntax) << "\n";
  out << layoutAlias << " = " << ir::printEncoding(enc, options.syntax) << "\n";
  if (enc.isShared())
    out << "#smem = #" << ttg << ".shared_memory\n";
  out << "module attributes {\"" << ttg << ".num-ctas\" = " << numCTAs << " : i32, \"" << ttg
      << ".num-warps\" = " << numWarps << " : i32, " << ttg << ".target = \"" << target.text()
      << "\", \"" << ttg << ".threads-per-warp\" = " << lanes << " : i32} {\n";
  ModuleWriter w(design.shape, elem, ttg);
  const std::string ptrArg = "!tt.ptr<" + elem + "> {tt.divisibility = 16 : i32}";
  out << "  tt.func public @layout_studio_export(%in: " << ptrArg << ", %out: " << ptrArg
      << ") {\n";
  const std::string offs = w.offsets("#blocked");
  w.pointers("in", offs, "#blocked");
  w.pointers("out", offs, "#blocked");
  const std::string ptrs = w.tensor(design.shape, w.ptr(), "#blocked");
  const std::string valsBlocked = w.tensor(design.shape, elem, "#blocked");
  if (enc.isShared()) {
    const std::string memdesc =
        (legacy ? "!tt.memdesc<" : "!ttg.memdesc<") + shapeStr + "x" + elem + ", #shared, #smem>";
    w.line("%vals = tt.load %in_ptrs : " + ptrs);
    w.line("%tile = " + ttg + ".local_alloc %vals : (" + valsBlocked + ") -> " + memdesc);
    w.line("%back = " + ttg + ".local_load %tile : " + memdesc + " -> " + valsBlocked);
  } else {
    const std::string ptrsL = w.tensor(design.shape, w.ptr(), "#layout");
    w.line("%ptrs = " + ttg + ".convert_layout %in_ptrs : " + ptrs + " -> " + ptrsL);
    w.line("%vals = tt.load %ptrs : " + ptrsL);
    w.line("%back = " + ttg + ".convert_layout %vals : " + w.tensor(design.shape, elem, "#layout") +
           " -> " + valsBlocked);
  }
  w.line("tt.store %out_ptrs, %back : " + ptrs);
  w.line("tt.return");
  out << w.str() << "  }\n}\n";
  return out.str();
}

} // namespace ls::codegen
