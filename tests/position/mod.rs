//! Positions through the public API: owned diffs (`diff`),
//! the error table of `Error`'s docs (`errors`), the hash's stability
//! contract (`hash_golden`), hostile input (`hostile`), and the conversions
//! with `sashite_qi::Qi` (`sashite_qi`).

mod diff;
mod errors;
mod hash_golden;
mod hostile;
mod sashite_qi;
