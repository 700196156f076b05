from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, get_tmem_reg_layout

# 32x32b TMEM access, 4 warps, 128x128xf32
tmem_layout: gl.constexpr = TensorMemoryLayout(block=(128, 64), col_stride=1, cta_split_num=(1, 2))
reg_layout: gl.constexpr = get_tmem_reg_layout(gl.float32, [128, 128], tmem_layout, 4, "32x32b", cga_layout=[[0, 1]])
# Triton 3.6 computes:
# DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp_bases=[[32, 0], [64, 0]], block_bases=[[0, 64]], shape=[128, 128])
# in a kernel: tmem = gl.allocate_tensor_memory(gl.float32, [128, 128], tmem_layout); regs = tmem.load(reg_layout)
