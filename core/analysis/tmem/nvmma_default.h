// NVMMASharedLayout.get_default_for lives with the encoding it builds
// (encodings/nvmma_default.h), so that the Gluon reader can use it too.
#pragma once

#include "encodings/nvmma_default.h"
