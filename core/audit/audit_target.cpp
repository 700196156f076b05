// Module target text -> bank model and scratch target.
#include "audit/audit_target.h"

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
  } else if (name.rfind("hip:", 0) == 0) {
    name = name.substr(4);
  }
  if (name == "gfx1200" || name == "gfx1201") {
    t.banks = BankTarget::byName("gfx942", field);
    t.banks.name = name;
  } else {
    t.banks = BankTarget::byName(name, field);
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
