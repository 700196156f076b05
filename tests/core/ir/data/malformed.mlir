#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%p: i32) {
    %0 = arith.addi %p, %p : i32
    %1 = arith.muli %0, %p : i32
    %2 = arith.muli %0, %p : tensor<4xi32, #blocked
    %5 = = arith.addi %0, %0 : i32
    %3 = arith.addi %0, %9 : i32
    %4 = arith.addi %0, %1 : i32
    tt.return
  }
}
