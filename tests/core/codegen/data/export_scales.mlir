#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [32, 0], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 0], [0, 0]], block = []}>
// 32x32b TMEM access, 4 warps, 128x4xi8: the registers each thread holds
%tmem = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
%regs = ttng.tmem_load %tmem : !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable> -> tensor<128x4xi8, #linear>
