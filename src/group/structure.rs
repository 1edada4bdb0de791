//! Structure description (in progress).
