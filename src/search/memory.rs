//! How much memory this process may still use: the smallest of the bounds the system
//! states, so that a search refuses a table before allocating it instead of being
//! killed.
//!
//! The bounds read are `MemAvailable` of `/proc/meminfo` (the kernel's estimate of
//! memory available without swapping) and, for the process's memory cgroup and each
//! of its ancestors, the limit minus the current usage: `memory.max` −
//! `memory.current` under cgroup v2, `memory.limit_in_bytes` − `memory.usage_in_bytes`
//! under cgroup v1. In a container the cgroup limit is often far below
//! `MemAvailable`, which describes the whole machine. Then the process's own resource
//! limits (`ulimit -v`, `ulimit -d`): `RLIMIT_AS` minus the address space already
//! mapped (`VmSize` of `/proc/self/status`) and `RLIMIT_DATA` minus the data already
//! mapped (`VmData`); an allocation beyond them fails however much memory is free.
//!
//! Also how the large tables a search reads at random are allocated: backed by
//! transparent huge pages where Linux allows it (`madvise(MADV_HUGEPAGE)`).

use std::fs;
use std::path::{Path, PathBuf};

/// One bound on the memory still available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryBound {
    /// Bytes still available under this bound.
    pub bytes: u64,
    /// Where it comes from (`/proc/meminfo MemAvailable`, a cgroup file).
    pub source: String,
}

/// Limits at or above this are "no limit" (cgroup v1 writes `2^63` rounded down to a
/// page).
const NO_LIMIT: u64 = 1 << 62;

/// `MemAvailable` in bytes from the text of `/proc/meminfo`.
///
/// ```
/// use permlab::search::memory::meminfo_available;
/// assert_eq!(meminfo_available("MemTotal: 8 kB\nMemAvailable:   3 kB\n"), Some(3072));
/// assert_eq!(meminfo_available("MemTotal: 8 kB\n"), None);
/// ```
pub fn meminfo_available(meminfo: &str) -> Option<u64> {
    meminfo.lines().find_map(|line| {
        let rest = line.strip_prefix("MemAvailable:")?;
        let kb: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
        kb.checked_mul(1024)
    })
}

fn read_number(path: &Path) -> Option<u64> {
    let text = fs::read_to_string(path).ok()?;
    let t = text.trim();
    if t == "max" {
        return Some(u64::MAX);
    }
    t.parse().ok()
}

/// The cgroup bounds for a process whose `/proc/self/cgroup` reads `proc_cgroup`,
/// with the cgroup file systems mounted under `root` (normally `/sys/fs/cgroup`):
/// limit minus usage for its memory cgroup and each ancestor up to the mount, v2
/// (`0::PATH`, mounted at `root` or `root/unified`) and v1 (`N:...memory...:PATH`,
/// mounted at `root/memory`). Where the process's own directory is not visible (a
/// container sees its cgroup as the mount root), the mount root is read.
pub fn cgroup_bounds(root: &Path, proc_cgroup: &str) -> Vec<MemoryBound> {
    let mut out = Vec::new();
    for line in proc_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let rel = path.trim().trim_start_matches('/');
        let (mounts, limit_file, usage_file): (Vec<PathBuf>, &str, &str) =
            if id == "0" && controllers.is_empty() {
                (
                    vec![root.to_path_buf(), root.join("unified")],
                    "memory.max",
                    "memory.current",
                )
            } else if controllers.split(',').any(|c| c == "memory") {
                (
                    vec![root.join("memory")],
                    "memory.limit_in_bytes",
                    "memory.usage_in_bytes",
                )
            } else {
                continue;
            };
        for mount in mounts {
            let own = mount.join(rel);
            let mut dir = if own.is_dir() { own } else { mount.clone() };
            loop {
                if let (Some(limit), Some(usage)) = (
                    read_number(&dir.join(limit_file)),
                    read_number(&dir.join(usage_file)),
                ) {
                    if limit < NO_LIMIT {
                        out.push(MemoryBound {
                            bytes: limit.saturating_sub(usage),
                            source: format!("the cgroup limit {}", dir.join(limit_file).display()),
                        });
                    }
                }
                if dir == mount || !dir.pop() {
                    break;
                }
            }
        }
    }
    out
}

/// The value of the field `field` (`VmSize`, `VmData`) of `/proc/self/status` text, in
/// bytes.
///
/// ```
/// use permlab::search::memory::status_bytes;
/// let status = "Name:\tpermlab\nVmSize:\t  2048 kB\nVmData:\t 512 kB\n";
/// assert_eq!(status_bytes(status, "VmSize"), Some(2 << 20));
/// assert_eq!(status_bytes(status, "VmData"), Some(512 << 10));
/// assert_eq!(status_bytes(status, "VmRSS"), None);
/// ```
pub fn status_bytes(status: &str, field: &str) -> Option<u64> {
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        let kb: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
        kb.checked_mul(1024)
    })
}

/// The bounds set by resource limits, given the soft limits `address_space`
/// (`RLIMIT_AS`) and `data` (`RLIMIT_DATA`, `None` where unlimited) and the text of
/// `/proc/self/status`: each limit minus what is already mapped under it (`VmSize`,
/// `VmData`; taken as 0 where the status does not say).
///
/// ```
/// use permlab::search::memory::rlimit_bounds;
/// let status = "VmSize:\t 1000 kB\nVmData:\t 100 kB\n";
/// let b = rlimit_bounds(Some(4_096_000_000), Some(1 << 30), status);
/// assert_eq!(b[0].bytes, 4_096_000_000 - 1_024_000);
/// assert_eq!(b[1].bytes, (1 << 30) - 102_400);
/// assert!(rlimit_bounds(None, None, status).is_empty());
/// ```
pub fn rlimit_bounds(
    address_space: Option<u64>,
    data: Option<u64>,
    status: &str,
) -> Vec<MemoryBound> {
    let mut out = Vec::new();
    for (limit, field, source) in [
        (
            address_space,
            "VmSize",
            "RLIMIT_AS (ulimit -v) less the address space in use",
        ),
        (
            data,
            "VmData",
            "RLIMIT_DATA (ulimit -d) less the data in use",
        ),
    ] {
        if let Some(limit) = limit.filter(|&l| l < NO_LIMIT) {
            let used = status_bytes(status, field).unwrap_or(0);
            out.push(MemoryBound {
                bytes: limit.saturating_sub(used),
                source: source.into(),
            });
        }
    }
    out
}

/// The soft limits `RLIMIT_AS` and `RLIMIT_DATA` of this process, each `None` when
/// unlimited or unknown.
#[cfg(unix)]
fn soft_limits() -> (Option<u64>, Option<u64>) {
    let get = |resource| {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is given.
        if unsafe { libc::getrlimit(resource, &mut r) } != 0 || r.rlim_cur == libc::RLIM_INFINITY {
            return None;
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most targets, not all
        Some(r.rlim_cur as u64)
    };
    (get(libc::RLIMIT_AS), get(libc::RLIMIT_DATA))
}

/// All bounds this system states for this process (possibly none).
pub fn memory_bounds() -> Vec<MemoryBound> {
    let mut out = Vec::new();
    if let Some(bytes) = fs::read_to_string("/proc/meminfo")
        .ok()
        .as_deref()
        .and_then(meminfo_available)
    {
        out.push(MemoryBound {
            bytes,
            source: "MemAvailable in /proc/meminfo".into(),
        });
    }
    if let Ok(text) = fs::read_to_string("/proc/self/cgroup") {
        out.extend(cgroup_bounds(Path::new("/sys/fs/cgroup"), &text));
    }
    #[cfg(unix)]
    {
        let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
        let (address_space, data) = soft_limits();
        out.extend(rlimit_bounds(address_space, data, &status));
    }
    out
}

/// The smallest bound: what this process may still allocate, or `None` when the
/// system states nothing.
pub fn smallest_bound() -> Option<MemoryBound> {
    memory_bounds().into_iter().min_by_key(|b| b.bytes)
}

/// Bytes of memory available to this process: the smallest bound, or `None` when
/// none is known.
pub fn available_memory() -> Option<u64> {
    smallest_bound().map(|b| b.bytes)
}

/// Asks Linux to back the 2 MiB-aligned part of the buffer at `ptr` (`bytes`
/// long, not yet touched) with transparent huge pages (`madvise(MADV_HUGEPAGE)`):
/// random look-ups into a table of hundreds of megabytes then miss the TLB far
/// less often (with 4 KiB pages nearly every look-up of a search walks the page
/// tables). Small buffers, other systems and a refusal are left as they are (a
/// hint only).
pub(crate) fn advise_huge_pages(ptr: *const u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    #[cfg(target_os = "linux")]
    if bytes >= 4 * HUGE {
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + bytes) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside the caller's allocation; MADV_HUGEPAGE
            // changes how pages are backed, never their contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, bytes, HUGE);
}

/// A vector of `n` copies of `fill` whose memory is advised to be backed by huge
/// pages ([`advise_huge_pages`]) before it is written: for tables of tens of
/// megabytes or more that a search reads at random.
pub(crate) fn huge_page_vec<T: Clone>(n: usize, fill: T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    advise_huge_pages(v.as_ptr() as *const u8, n * std::mem::size_of::<T>());
    v.resize(n, fill);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cgroup_v1_and_v2_limits_along_the_path() {
        let root = std::env::temp_dir().join(format!("permlab-cgroup-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let v1 = root.join("memory/a/b");
        fs::create_dir_all(&v1).unwrap();
        fs::write(
            root.join("memory/memory.limit_in_bytes"),
            "9223372036854771712\n",
        )
        .unwrap();
        fs::write(root.join("memory/memory.usage_in_bytes"), "100\n").unwrap();
        fs::write(root.join("memory/a/memory.limit_in_bytes"), "5000\n").unwrap();
        fs::write(root.join("memory/a/memory.usage_in_bytes"), "1000\n").unwrap();
        fs::write(v1.join("memory.limit_in_bytes"), "8000\n").unwrap();
        fs::write(v1.join("memory.usage_in_bytes"), "500\n").unwrap();
        let b = cgroup_bounds(&root, "4:memory:/a/b\n3:cpu:/x\n");
        let bytes: Vec<u64> = b.iter().map(|b| b.bytes).collect();
        assert_eq!(bytes, [7500, 4000]); // the unlimited root is no bound
                                         // a container sees its cgroup as the mount root
        let b = cgroup_bounds(&root, "4:memory:/not/visible\n");
        assert!(b.is_empty());
        // v2
        let v2 = root.join("c");
        fs::create_dir_all(&v2).unwrap();
        fs::write(v2.join("memory.max"), "1048576\n").unwrap();
        fs::write(v2.join("memory.current"), "4096\n").unwrap();
        fs::write(root.join("memory.max"), "max\n").unwrap();
        fs::write(root.join("memory.current"), "4096\n").unwrap();
        let b = cgroup_bounds(&root, "0::/c\n");
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].bytes, 1048576 - 4096);
        assert!(b[0].source.ends_with("c/memory.max"), "{}", b[0].source);
        fs::remove_dir_all(&root).unwrap();
    }
}
