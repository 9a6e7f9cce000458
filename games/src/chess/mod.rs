//! Chess (being written).
