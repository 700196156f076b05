// Hand-written in the form Triton 3.6 writes for gfx942 (wave64): an MFMA dot
// fed from shared memory through local_store/local_load, AMD ops
// (amdgpu.buffer_load, rocdl.*) and an scf.for with iter_args.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("/kernels/mfma.py":7:0)
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("a_ptr"(#loc)), %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("c_ptr"(#loc)), %K: i32 loc("K"(#loc))) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma> loc(#loc1)
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %c64_i32 = arith.constant 64 : i32 loc(#loc1)
    %offs = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32, #ttg.slice<{dim = 0, parent = #blocked}>> loc(#loc2)
    %offs_0 = tt.reshape %offs allow_reorder : tensor<4096xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<64x64xi32, #blocked> loc(#loc2)
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> loc(#loc3)
    %acc:2 = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc_1 = %cst, %off = %c0_i32) -> (tensor<64x64xf32, #mma>, i32)  : i32 {
      %x = amdgpu.buffer_load %a_ptr[%offs_0] : tensor<64x64xf16, #blocked> loc(#loc4)
      ttg.local_store %x, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> loc(#loc4)
      rocdl.sched.barrier 0 loc(#loc4)
      %lhs = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> loc(#loc5)
      %rhs = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> loc(#loc5)
      rocdl.s.setprio 1 loc(#loc5)
      %d = tt.dot %lhs, %rhs, %acc_1 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma> loc(#loc5)
      %next = arith.addi %off, %c64_i32 : i32 loc(#loc6)
      scf.yield %d, %next : tensor<64x64xf32, #mma>, i32 loc(#loc6)
    } loc(#loc7)
    ttg.local_dealloc %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> loc(#loc3)
    %out = ttg.convert_layout %acc#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked> loc(#loc8)
    tt.return loc(#loc9)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/kernels/mfma.py":9:18)
#loc3 = loc("/kernels/mfma.py":10:12)
#loc4 = loc("/kernels/mfma.py":12:16)
#loc5 = loc("/kernels/mfma.py":13:22)
#loc6 = loc("/kernels/mfma.py":11:4)
#loc7 = loc(callsite(#loc6 at #loc2))
#loc8 = loc("out"(#loc5))
#loc9 = loc(fused[#loc4, #loc5])
