from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryScalesLayout, get_tmem_reg_layout

# 32x32b TMEM access, 4 warps, 128x4xi8
tmem_layout: gl.constexpr = TensorMemoryScalesLayout()
reg_layout: gl.constexpr = get_tmem_reg_layout(gl.int8, [128, 4], tmem_layout, 4, "32x32b")
# Triton 3.6 computes:
# DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [32, 0], [64, 0]], lane_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp_bases=[[0, 0], [0, 0]], block_bases=[], shape=[128, 4])
# in a kernel: tmem = gl.allocate_tensor_memory(gl.int8, [128, 4], tmem_layout); regs = tmem.load(reg_layout)
