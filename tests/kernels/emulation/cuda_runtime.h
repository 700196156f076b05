// A CPU stand-in for the CUDA runtime, just large enough to run Layout
// Studio's generated test kernels on a machine without a GPU.
//
// check_kernels.py rewrites `kernel<<<grid, block[, smem]>>>(args)` into
// ls_emu::launch(ls_emu::Config{grid, block[, smem]}, kernel, args) and the
// kernel's `extern __shared__` array into a pointer to ls_emu's shared
// memory, then compiles the file with g++ against this header.  Every CTA
// runs its threads as real std::threads meeting at a std::barrier for
// __syncthreads(), so a kernel that races or forgets a barrier can fail here
// as it would on a GPU.  CTAs run one after another.
#pragma once

#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#define __global__
#define __host__
#define __device__

struct dim3 {
  unsigned x = 0, y = 0, z = 0;
};

namespace ls_emu {
inline thread_local dim3 threadIdx_, blockIdx_, blockDim_;
inline thread_local std::barrier<> *barrier_ = nullptr;
inline std::vector<uint64_t> &sharedWords() {
  static std::vector<uint64_t> words(232448 / 8 + 1);
  return words;
}
struct Config {
  unsigned grid, block;
  unsigned smem = 0;
};
template <class Kernel, class... Args>
void launch(Config c, Kernel kernel, Args... args) {
  for (unsigned b = 0; b < c.grid; ++b) {
    std::memset(sharedWords().data(), 0xCD, sharedWords().size() * sizeof(uint64_t));
    std::barrier<> bar(static_cast<std::ptrdiff_t>(c.block));
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < c.block; ++t)
      threads.emplace_back([&, t] {
        threadIdx_ = {t, 0, 0};
        blockIdx_ = {b, 0, 0};
        blockDim_ = {c.block, 1, 1};
        barrier_ = &bar;
        kernel(args...);
      });
    for (auto &th : threads)
      th.join();
  }
}
} // namespace ls_emu

#define threadIdx (::ls_emu::threadIdx_)
#define blockIdx (::ls_emu::blockIdx_)
#define blockDim (::ls_emu::blockDim_)

inline void __syncthreads() { ::ls_emu::barrier_->arrive_and_wait(); }
inline unsigned atomicMin(unsigned *p, unsigned v) {
  std::atomic_ref<unsigned> a(*p);
  unsigned old = a.load();
  while (v < old && !a.compare_exchange_weak(old, v)) {
  }
  return old;
}
inline unsigned atomicAdd(unsigned *p, unsigned v) { return std::atomic_ref<unsigned>(*p).fetch_add(v); }

enum cudaError_t { cudaSuccess = 0 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize };
inline const char *cudaGetErrorString(cudaError_t) { return "no error"; }
template <class T> cudaError_t cudaMalloc(T **p, size_t n) {
  *p = static_cast<T *>(std::malloc(n));
  return cudaSuccess;
}
inline cudaError_t cudaFree(void *p) {
  std::free(p);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  std::memcpy(d, s, n);
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void *d, int v, size_t n) {
  std::memset(d, v, n);
  return cudaSuccess;
}
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
template <class F> cudaError_t cudaFuncSetAttribute(F, cudaFuncAttribute, unsigned) {
  return cudaSuccess;
}
