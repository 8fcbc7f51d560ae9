//! Tracklayer.
fn main() {}
