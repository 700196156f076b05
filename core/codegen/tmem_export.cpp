#include "codegen/tmem_export.h"

#include "encodings/linear.h"
#include "encodings/tensor_memory.h"
#include "encodings/tensor_memory_scales.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "layout/layout_utils.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

bool isScales(const TmemDesign &d) {
  return d.layout && d.layout->kind() == EncodingKind::TensorMemoryScales;
}

std::string accessComment(const TmemDesign &d) {
  return std::string(tmemVariantName(d.variant)) + " TMEM access, " + std::to_string(d.numWarps) +
         " warps, " + d.typeBody();
}

} // namespace

std::string gluonDtype(const ir::ElementType &e) {
  static const std::vector<std::pair<std::string, std::string>> names = {
      {"f32", "float32"},         {"tf32", "float32"},           {"f16", "float16"},
      {"bf16", "bfloat16"},       {"f64", "float64"},            {"f8E4M3FN", "float8e4nv"},
      {"f8E5M2", "float8e5"},     {"f8E4M3FNUZ", "float8e4b8"},  {"f8E5M2FNUZ", "float8e5b16"},
      {"f8E4M3B11FNUZ", "float8e4b15"}, {"i1", "int1"},          {"i8", "int8"},
      {"i16", "int16"},           {"i32", "int32"},              {"i64", "int64"}};
  for (const auto &[mlir, gluon] : names)
    if (mlir == e.name)
      return "gl." + gluon;
  throw Error("dtype", "Gluon has no name for element type " + e.name);
}

std::string mlirCppType(const ir::ElementType &e) {
  static const std::vector<std::pair<std::string, std::string>> names = {
      {"f32", "Float32Type::get(ctx)"},         {"tf32", "FloatTF32Type::get(ctx)"},
      {"f16", "Float16Type::get(ctx)"},         {"bf16", "BFloat16Type::get(ctx)"},
      {"f64", "Float64Type::get(ctx)"},         {"f8E4M3FN", "Float8E4M3FNType::get(ctx)"},
      {"f8E5M2", "Float8E5M2Type::get(ctx)"},   {"f8E4M3FNUZ", "Float8E4M3FNUZType::get(ctx)"},
      {"f8E5M2FNUZ", "Float8E5M2FNUZType::get(ctx)"},
      {"f8E4M3B11FNUZ", "Float8E4M3B11FNUZType::get(ctx)"}};
  for (const auto &[mlir, cpp] : names)
    if (mlir == e.name)
      return cpp;
  if (!e.name.empty() && e.name[0] == 'i')
    return "IntegerType::get(ctx, " + std::to_string(e.bits) + ")";
  throw Error("dtype", "no MLIR C++ builder for element type " + e.name);
}

std::string tmemMlir(const TmemDesign &d) {
  const LinearLayout reg = d.registerLayout();
  LinearEncoding linear;
  linear.layout = reg;
  const std::string alias = isScales(d) ? "#tmem_scales" : "#tmem";
  const std::string memdesc = d.memDescText(alias);
  std::string s;
  s += alias + " = " + d.attributeText() + "\n";
  s += "#linear = " + ir::printEncoding(linear) + "\n";
  s += "// " + accessComment(d) + ": the registers each thread holds\n";
  s += "%tmem = ttng.tmem_alloc : () -> " + memdesc + "\n";
  s += "%regs = ttng.tmem_load %tmem : " + memdesc + " -> tensor<" + d.typeBody() + ", #linear>\n";
  return s;
}

std::string tmemGluon(const TmemDesign &d) {
  const LinearLayout reg = d.registerLayout();
  std::string layoutCall;
  if (auto *t = dynamic_cast<const TensorMemoryEncoding *>(d.layout.get())) {
    layoutCall = "TensorMemoryLayout(block=(" + std::to_string(t->blockM) + ", " +
                 std::to_string(t->blockN) + "), col_stride=" + std::to_string(t->colStride);
    if (t->ctaSplitM != 1 || t->ctaSplitN != 1)
      layoutCall += ", cta_split_num=(" + std::to_string(t->ctaSplitM) + ", " +
                    std::to_string(t->ctaSplitN) + ")";
    if (t->twoCTAs)
      layoutCall += ", two_ctas=True";
    layoutCall += ")";
  } else if (auto *sc = dynamic_cast<const TensorMemoryScalesEncoding *>(d.layout.get())) {
    layoutCall = "TensorMemoryScalesLayout(";
    if (sc->ctaSplitM != 1 || sc->ctaSplitN != 1)
      layoutCall += "cta_split_num=(" + std::to_string(sc->ctaSplitM) + ", " +
                    std::to_string(sc->ctaSplitN) + ")";
    layoutCall += ")";
  }
  const std::string cls = isScales(d) ? "TensorMemoryScalesLayout" : "TensorMemoryLayout";
  std::string s;
  s += "from triton.experimental.gluon import language as gl\n";
  s += "from triton.experimental.gluon.language.nvidia.blackwell import " + cls +
       ", get_tmem_reg_layout\n\n";
  s += "# " + accessComment(d) + "\n";
  s += "tmem_layout: gl.constexpr = " + layoutCall + "\n";
  s += "reg_layout: gl.constexpr = get_tmem_reg_layout(" + gluonDtype(d.element) + ", " +
       seqText(d.shape) + ", tmem_layout, " + std::to_string(d.numWarps) + ", \"" +
       tmemVariantName(d.variant) + "\"";
  if (!d.cgaBases.empty())
    s += ", cga_layout=" + basesText(d.cgaBases, "[", "]");
  s += ")\n";
  s += "# Triton 3.6 computes:\n";
  s += "# " + gluonLinearLayoutRepr(reg) + "\n";
  s += "# in a kernel: tmem = gl.allocate_tensor_memory(" + gluonDtype(d.element) + ", " +
       seqText(d.shape) + ", tmem_layout); regs = tmem.load(reg_layout)\n";
  return s;
}

std::string tmemCpp(const TmemDesign &d) {
  const LinearLayout reg = d.registerLayout();
  std::string enc;
  if (auto *t = dynamic_cast<const TensorMemoryEncoding *>(d.layout.get())) {
    enc = "ttng::TensorMemoryEncodingAttr::get(ctx, /*blockM=*/" + std::to_string(t->blockM) +
          ", /*blockN=*/" + std::to_string(t->blockN) + ", /*colStride=*/" +
          std::to_string(t->colStride) + ",\n    /*CTASplitM=*/" + std::to_string(t->ctaSplitM) +
          ", /*CTASplitN=*/" + std::to_string(t->ctaSplitN) +
          ", /*twoCTAs=*/" + (t->twoCTAs ? "true" : "false") + ")";
  } else if (auto *sc = dynamic_cast<const TensorMemoryScalesEncoding *>(d.layout.get())) {
    enc = "ttng::TensorMemoryScalesEncodingAttr::get(ctx, /*CTASplitM=*/" +
          std::to_string(sc->ctaSplitM) + ", /*CTASplitN=*/" + std::to_string(sc->ctaSplitN) + ")";
  }
  TmemVariant v = d.variant;
  const std::string atom = v == TmemVariant::I32x32bSplitN ? "I32x32b" :
                           std::string("I") + tmemVariantName(v);
  std::string s;
  s += "// Triton 3.6 C++: " + accessComment(d) + ".\n";
  s += "// namespace ttg = mlir::triton::gpu; namespace ttng = mlir::triton::nvidia_gpu;\n";
  s += "auto tmemEnc = " + enc + ";\n";
  s += "auto memDesc = ttg::MemDescType::get(" + seqText(d.shape, "{", "}") + ", " +
       mlirCppType(d.element) + ", tmemEnc,\n    ttng::TensorMemorySpaceAttr::get(ctx), "
       "/*mutableMemory=*/true);\n";
  s += "auto cgaLayout = ttg::CTAEncodingAttr::get(ctx, LinearLayout({{S(\"block\"), " +
       basesText(d.cgaBases, "{", "}") + "}}, {S(\"dim0\"), S(\"dim1\")}));\n";
  s += "std::optional<LinearLayout> regLayout = ttng::getDistributedLayoutForTmemLdSt(\n"
       "    memDesc, ttng::TMemAccessAtom::" + atom + ", /*numWarps=*/" +
       std::to_string(d.numWarps) + ", cgaLayout);\n";
  if (v == TmemVariant::I32x32bSplitN)
    s += "// 32x32b_splitn is Gluon's rewrite of the 32x32b layout (the N/2 basis moved into the\n"
         "// last register); `expected` below includes it.\n";
  s += "LinearLayout expected({";
  bool first = true;
  for (const DimName &dim : {kRegister, kLane, kWarp, kBlock}) {
    s += std::string(first ? "" : ",\n                        ") + "{S(\"" + dim + "\"), " +
         basesText(inDimBases(reg, dim), "{", "}") + "}";
    first = false;
  }
  s += "},\n                       {S(\"dim0\"), S(\"dim1\")});\n";
  s += "auto regEnc = ttg::LinearEncodingAttr::get(ctx, expected);\n";
  return s;
}

} // namespace ls::codegen
