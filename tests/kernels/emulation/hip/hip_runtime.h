// The HIP spelling of the CPU stand-in in ../cuda_runtime.h: the generated
// HIP kernels use the same calls with a `hip` prefix.
#pragma once

#include "../cuda_runtime.h"

using hipError_t = cudaError_t;
constexpr cudaError_t hipSuccess = cudaSuccess;
constexpr cudaMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
constexpr cudaMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
inline const char *hipGetErrorString(hipError_t e) { return cudaGetErrorString(e); }
template <class T> hipError_t hipMalloc(T **p, size_t n) { return cudaMalloc(p, n); }
inline hipError_t hipFree(void *p) { return cudaFree(p); }
inline hipError_t hipMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k) {
  return cudaMemcpy(d, s, n, k);
}
inline hipError_t hipMemset(void *d, int v, size_t n) { return cudaMemset(d, v, n); }
inline hipError_t hipGetLastError() { return cudaSuccess; }
inline hipError_t hipDeviceSynchronize() { return cudaSuccess; }
