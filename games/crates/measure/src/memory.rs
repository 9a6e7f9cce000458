//! How much memory a measurement may take.

/// The memory available to a measurement, in bytes: the machine's
/// available memory as Linux reports it (`MemAvailable`, else `MemTotal`,
/// in /proc/meminfo), or `None` where it cannot be read.
#[must_use]
pub fn available_memory() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| {
        meminfo.lines().find_map(|line| {
            let kilobytes = line.strip_prefix(name)?.strip_prefix(':')?;
            let kilobytes: usize = kilobytes.trim().strip_suffix("kB")?.trim().parse().ok()?;
            kilobytes.checked_mul(1024)
        })
    };
    field("MemAvailable").or_else(|| field("MemTotal"))
}

/// The bytes a measurement may take: `max_memory` MiB if given, else the
/// memory available ([`available_memory`]); `None` where neither is known.
#[must_use]
pub fn byte_limit(max_memory: Option<u64>) -> Option<usize> {
    match max_memory {
        Some(mebibytes) => Some(
            usize::try_from(mebibytes)
                .ok()
                .and_then(|mebibytes| mebibytes.checked_mul(1 << 20))
                .unwrap_or(usize::MAX),
        ),
        None => available_memory(),
    }
}
