// Module target text -> bank model and scratch target.
#include "audit/audit_target.h"

#include <algorithm>
#include <iterator>

#include "util/error.h"

namespace ls::audit {

AuditTarget auditTarget(const std::string &text, const std::string &field) {
  AuditTarget t;
  t.module = text.empty() ? "cuda:90" : text;
  std::string name = t.module;
  if (name.rfind("cuda:", 0) == 0) {
    int cc = 0;
    try {
      cc = std::stoi(name.substr(5));
    } catch (...) {
      throw Error(field, "'" + text + "' has no compute capability after cuda:");
    }
    // Ampere has ldmatrix but not stmatrix; Hopper and Blackwell both
    // (sm120, consumer Blackwell, has the same shared memory as sm90).
    name = cc >= 120 ? "sm120" : cc >= 100 ? "sm100" : cc >= 90 ? "sm90" : "sm80";
    // The capabilities the models are made for (Ampere and Ada; Hopper;
    // datacenter Blackwell; consumer Blackwell).
    static const std::string modelled[] = {"80", "86", "87", "89", "90", "100", "101", "103", "120", "121"};
    t.standIn = std::find(std::begin(modelled), std::end(modelled), t.module.substr(5)) ==
                std::end(modelled);
  } else if (name.rfind("hip:", 0) == 0) {
    name = name.substr(4);
  }
  // An AMD chip is modelled by its family's chip: CDNA1/2 (gfx908, gfx90a)
  // by gfx90a, CDNA3 (gfx940/941/942) by gfx942, CDNA4 by gfx950, RDNA3
  // (gfx11xx) by gfx1100, RDNA4 (gfx120x) by gfx1200, whose LDS is CDNA3's
  // (32 banks of 4 bytes). `banks.name` is the family's name; `module` keeps
  // the chip the module names.
  const bool six = name.size() == 6, seven = name.size() == 7;
  if (name.rfind("gfx90", 0) == 0 && six)
    name = "gfx90a";
  else if (name.rfind("gfx94", 0) == 0 && six)
    name = "gfx942";
  else if (name.rfind("gfx95", 0) == 0 && six)
    name = "gfx950";
  else if (name.rfind("gfx11", 0) == 0 && seven)
    name = "gfx1100";
  else if (name.rfind("gfx120", 0) == 0 && seven) // (gfx1250 is another design)
    name = "gfx1200";
  if (name == "gfx1200") {
    t.banks = BankTarget::byName("gfx942", field);
    t.banks.name = name;
  } else {
    try {
      t.banks = BankTarget::byName(name, field);
    } catch (const Error &e) {
      throw Error(e.field(), e.rule() + ", or Triton's cuda:N / hip:gfxN");
    }
  }
  if (t.banks.vendor == Vendor::Amd)
    t.scratch = ScratchTarget::Generic;
  else
    t.scratch = t.banks.stmatrix ? ScratchTarget::Sm90 : ScratchTarget::Sm80;
  if (text.rfind("cuda:", 0) != 0 && text.rfind("hip:", 0) != 0)
    t.module = (t.banks.vendor == Vendor::Amd ? "hip:" : "cuda:") +
               (t.banks.vendor == Vendor::Amd ? name : name.substr(2));
  return t;
}

std::string defaultTargetFor(int lanes) {
  return lanes == 64 ? "gfx942" : "sm90";
}

} // namespace ls::audit
