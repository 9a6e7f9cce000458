//! Files read with a bound on their size, and hashed as they are read.

use std::fs;
use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::error::{UnitsError, io};
use super::format::Checksum;

/// Reads at most `limit` bytes of `path`; a larger file is an error.
///
/// # Errors
///
/// [`UnitsError::Io`] if the file cannot be read or is larger.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, UnitsError> {
    let file = fs::File::open(path).map_err(io(path))?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    if bytes.len() as u64 > limit {
        return Err(UnitsError::Io {
            path: path.to_path_buf(),
            reason: format!("larger than the {limit} bytes such a file may hold"),
        });
    }
    Ok(bytes)
}

/// The SHA-256 of the file at `path`, read in pieces, and its bytes if
/// there are at most `limit` of them (`None` for a larger file, which is
/// hashed all the same without being kept).
pub(super) fn read_hashed(
    path: &Path,
    limit: u64,
) -> Result<(Option<Vec<u8>>, Checksum), UnitsError> {
    let mut file = fs::File::open(path).map_err(io(path))?;
    let mut hasher = Sha256::new();
    let mut kept = Some(Vec::new());
    let mut buffer = vec![0; 1 << 16];
    loop {
        let read = file.read(&mut buffer).map_err(io(path))?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        if let Some(bytes) = &mut kept {
            if (bytes.len() + read) as u64 > limit {
                kept = None;
            } else {
                bytes.extend_from_slice(&buffer[..read]);
            }
        }
    }
    Ok((kept, Checksum(hasher.finalize().into())))
}
