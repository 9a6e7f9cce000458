//! Go (being written).
