#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#loc = loc("k.py":10:0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32} loc("p"(#loc)), %n: i32 loc(#loc)) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32 loc(#loc1)
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked> loc(#loc2)
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked> loc(#loc3)
    %1 = tt.load %0 : tensor<32x32x!tt.ptr<f16>, #blocked> loc(#loc4)
    %2 = arith.cmpi slt, %c0, %n : i32 loc(unknown)
    %acc:2 = scf.for %i = %c0 to %n step %n iter_args(%a = %cst, %b = %c0) -> (tensor<32x32xf32, #blocked>, i32)  : i32 {
      %3 = arith.addi %b, %i : i32 loc(#loc5)
      scf.yield %a, %3 : tensor<32x32xf32, #blocked>, i32 loc(#loc5)
    } loc(#loc5)
    %4 = scf.if %2 -> (i32) {
      scf.yield %acc#1 : i32 loc(#loc6)
    } else {
      scf.yield %c0 : i32 loc(#loc6)
    } loc(#loc6)
    %5 = "tt.reduce"(%acc#0) <{axis = 1 : i32}> ({
    ^bb0(%x: f32 loc(#loc7), %y: f32 loc(#loc7)):
      %6 = arith.addf %x, %y : f32 loc(#loc7)
      tt.reduce.return %6 : f32 loc(#loc7)
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc7)
    %w:2 = scf.while (%p = %c0) : (i32) -> (i32, i32) {
      %7 = arith.cmpi slt, %p, %n : i32 loc(#loc8)
      scf.condition(%7) %p, %p : i32, i32 loc(#loc8)
    } do {
    ^bb0(%q: i32 loc(#loc8), %r: i32 loc(#loc8)):
      scf.yield %q : i32 loc(#loc8)
    } loc(#loc8)
    %m = ttg.local_alloc %1 : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem> loc(#loc9)
    %u = my.frobnicate %m, %4 [%n] {level = 3 : i64, tag = "t"} : !ttg.memdesc<32x32xf16, #shared, #smem>, i32 -> tensor<32x32xf16, #blocked> loc(#loc9)
    tt.return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("k.py":11:5)
#loc2 = loc("k.py":12:7)
#loc3 = loc("k.py":13:9)
#loc9 = loc(unknown)
#loc10 = loc("std.py":50:1)
#loc4 = loc(callsite(#loc10 at #loc3))
#loc5 = loc("acc"(#loc1))
#loc6 = loc(fused[#loc9, #loc2])
#loc7 = loc("std.py":40:3)
#loc8 = loc(callsite("a.py":1:2 at callsite("b.py":3:4 at #loc1)))
