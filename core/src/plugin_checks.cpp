#include "plugin_checks.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>
#include <thread>
#include <vector>

namespace tessera::plugin_checks {

namespace {

#if defined(__x86_64__)
constexpr int kMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int kMachine = EM_AARCH64;
#elif defined(__i386__)
constexpr int kMachine = EM_386;
#elif defined(__arm__)
constexpr int kMachine = EM_ARM;
#else
constexpr int kMachine = -1;  // unknown: not checked
#endif

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr unsigned char kByteOrder = ELFDATA2LSB;
#else
constexpr unsigned char kByteOrder = ELFDATA2MSB;
#endif

constexpr unsigned char kClass = sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32;

// Whether [offset, offset + count * size) lies inside a file of `file_size` bytes, without
// overflowing on hostile numbers.
bool inside(std::uint64_t offset, std::uint64_t count, std::uint64_t size, std::uint64_t file_size) {
  if (offset > file_size) return false;
  if (size != 0 && count > (file_size - offset) / size) return false;
  return true;
}

template <typename T>
bool read_at(std::ifstream& in, std::uint64_t offset, T& out) {
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(reinterpret_cast<char*>(&out), sizeof out);
  return static_cast<bool>(in);
}

}  // namespace

std::optional<std::string> elf_problem(const std::filesystem::path& file) {
  std::error_code ec;
  const std::uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) return "cannot read the file (" + ec.message() + ")";
  std::ifstream in(file, std::ios::binary);
  ElfW(Ehdr) header{};
  if (!in || size < sizeof header || !read_at(in, 0, header)) return "too short for an ELF header";
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) return "invalid ELF header";
  if (header.e_ident[EI_CLASS] != kClass || header.e_ident[EI_DATA] != kByteOrder ||
      (kMachine >= 0 && header.e_machine != kMachine))
    return "built for another kind of machine";
  if (header.e_type != ET_DYN) return "not a shared library (ELF type " + std::to_string(header.e_type) + ")";
  if (header.e_phentsize != sizeof(ElfW(Phdr)) || header.e_phnum == 0 ||
      !inside(header.e_phoff, header.e_phnum, sizeof(ElfW(Phdr)), size))
    return "truncated or damaged (its program headers lie outside the file)";
  for (std::uint64_t i = 0; i < header.e_phnum; ++i) {
    ElfW(Phdr) segment{};
    if (!read_at(in, header.e_phoff + i * sizeof segment, segment)) return "cannot read its program headers";
    // The loader maps each segment from the file: a part beyond its end faults on first use.
    if (!inside(segment.p_offset, 1, segment.p_filesz, size))
      return "truncated (segment " + std::to_string(i) + " ends past the file's " + std::to_string(size) + " bytes)";
  }
  if (header.e_shoff != 0 && !inside(header.e_shoff, header.e_shnum, header.e_shentsize, size))
    return "truncated (its section headers lie past the file's " + std::to_string(size) + " bytes)";
  return std::nullopt;
}

namespace {

// Whether `address` lies in an executable segment of a loaded object.
bool in_code(const void* address) {
  struct Search {
    std::uintptr_t address;
    bool found = false;
  } search{reinterpret_cast<std::uintptr_t>(address)};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& s = *static_cast<Search*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& segment = info->dlpi_phdr[i];
          if (segment.p_type != PT_LOAD || !(segment.p_flags & PF_X)) continue;
          const std::uintptr_t start = info->dlpi_addr + segment.p_vaddr;
          if (s.address >= start && s.address < start + segment.p_memsz) {
            s.found = true;
            return 1;
          }
        }
        return 0;
      },
      &search);
  return search.found;
}

}  // namespace

std::optional<std::string> alias_problem(void* handle, const char* name) {
  void* symbol = ::dlsym(handle, name);
  if (!symbol) return "no " + std::string(name) + " symbol";
  Dl_info info{};
  void* found = nullptr;  // dladdr1 writes a const ElfW(Sym)* here
  if (!::dladdr1(symbol, &info, &found, RTLD_DL_SYMENT) || !found)
    return std::string(name) + " cannot be looked up";
  // BOOST_DLL_ALIAS exports a variable holding the address of the function.
  const auto* entry = static_cast<const ElfW(Sym)*>(found);
  // ELF32_ST_TYPE and ELF64_ST_TYPE are the same: the type is the low four bits.
  if (ELF64_ST_TYPE(entry->st_info) != STT_OBJECT || entry->st_size != sizeof(void*))
    return std::string(name) + " is not the variable BOOST_DLL_ALIAS exports (a function or data of another size)";
  const void* target = *static_cast<void* const*>(symbol);
  Dl_info target_info{};
  if (!target || !::dladdr(target, &target_info) || target_info.dli_fbase != info.dli_fbase ||
      !in_code(target))
    return std::string(name) + " does not point to code of the plugin";
  return std::nullopt;
}

namespace {
// How the child says it got to the end: a plugin that calls exit(0) itself exits otherwise.
constexpr int kFinished = 86;
}  // namespace

std::optional<std::string> failure_in_child(const std::function<void()>& attempt, std::chrono::milliseconds limit) {
  const pid_t child = ::fork();
  if (child < 0) return std::nullopt;  // cannot probe: load as before
  if (child == 0) {
    // The crash is what the parent measures: no inherited handler (a test framework's, a
    // sanitizer's) may report it or carry on.
    for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) ::signal(signal, SIG_DFL);
    try {
      attempt();
    } catch (...) {
      // A refusal is reported by the host's own load, which runs next.
    }
    ::_exit(kFinished);  // no atexit handlers, no flushing of the host's buffers
  }
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  for (auto pause = std::chrono::microseconds(200);; pause = std::min(pause * 2, std::chrono::microseconds(20000))) {
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) return std::nullopt;
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      return "did not finish loading within " + std::to_string(limit.count() / 1000) + " s";
    }
    std::this_thread::sleep_for(pause);
  }
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* what = ::strsignal(signal);
    return "crashed while loading (signal " + std::to_string(signal) + ", " + (what ? what : "unknown") + ")";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) != kFinished)
    return "ended the process while loading (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  return std::nullopt;
}

}  // namespace tessera::plugin_checks
