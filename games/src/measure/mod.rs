//! Measuring (being written).
