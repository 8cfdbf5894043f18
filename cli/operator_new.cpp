// operator new and delete straight to mimalloc (it replaces malloc and free by linking alone), in
// this one translation unit of the binary, as mimalloc asks. Not mimalloc-new-delete.h: Debian's
// mimalloc is built as C, and its `mi_new` cannot see the C++ new-handler (it finds its own weak
// stand-in, which says there is none) and aborts on an allocation that fails, so an out-of-memory
// ended in SIGABRT with no word (issue 30). Here a failure calls the new-handler as the standard
// says (main's throws std::bad_alloc after noting what the run was doing).
#ifdef C2A_MIMALLOC
#include <mimalloc.h>

#include <cstddef>
#include <new>

namespace {

void* orNewHandler(std::size_t size, std::size_t alignment) {
  while (true) {
    void* p = alignment == 0 ? mi_malloc(size) : mi_malloc_aligned(size, alignment);
    if (p != nullptr) return p;
    auto handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* orNull(std::size_t size, std::size_t alignment) noexcept {
  try {
    return orNewHandler(size, alignment);
  } catch (...) {
    return nullptr;
  }
}

std::size_t value(std::align_val_t alignment) {
  return static_cast<std::size_t>(alignment);
}

}  // namespace

void* operator new(std::size_t n) {
  return orNewHandler(n, 0);
}
void* operator new[](std::size_t n) {
  return orNewHandler(n, 0);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return orNewHandler(n, value(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return orNewHandler(n, value(a));
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return orNull(n, 0);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return orNull(n, 0);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return orNull(n, value(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return orNull(n, value(a));
}

void operator delete(void* p) noexcept {
  mi_free(p);
}
void operator delete[](void* p) noexcept {
  mi_free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  mi_free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::size_t n) noexcept {
  mi_free_size(p, n);
}
void operator delete[](void* p, std::size_t n) noexcept {
  mi_free_size(p, n);
}
void operator delete(void* p, std::align_val_t a) noexcept {
  mi_free_aligned(p, value(a));
}
void operator delete[](void* p, std::align_val_t a) noexcept {
  mi_free_aligned(p, value(a));
}
void operator delete(void* p, std::size_t n, std::align_val_t a) noexcept {
  mi_free_size_aligned(p, n, value(a));
}
void operator delete[](void* p, std::size_t n, std::align_val_t a) noexcept {
  mi_free_size_aligned(p, n, value(a));
}
void operator delete(void* p, std::align_val_t a, const std::nothrow_t&) noexcept {
  mi_free_aligned(p, value(a));
}
void operator delete[](void* p, std::align_val_t a, const std::nothrow_t&) noexcept {
  mi_free_aligned(p, value(a));
}
#endif
