#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>
#linear = #ttg.linear<{register = [[0, 1], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [64, 0]], block = []}>
// 16x64b TMEM access, 8 warps, 128x64xf16: the registers each thread holds
%tmem = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>
%regs = ttng.tmem_load %tmem : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #linear>
