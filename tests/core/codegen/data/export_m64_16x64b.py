from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, get_tmem_reg_layout

# 16x64b TMEM access, 8 warps, 128x64xf16
tmem_layout: gl.constexpr = TensorMemoryLayout(block=(64, 32), col_stride=1)
reg_layout: gl.constexpr = get_tmem_reg_layout(gl.float16, [128, 64], tmem_layout, 8, "16x64b")
# Triton 3.6 computes:
# DistributedLinearLayout(reg_bases=[[0, 1], [0, 4], [0, 8], [0, 16], [0, 32]], lane_bases=[[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]], warp_bases=[[16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 64])
# in a kernel: tmem = gl.allocate_tensor_memory(gl.float16, [128, 64], tmem_layout); regs = tmem.load(reg_layout)
