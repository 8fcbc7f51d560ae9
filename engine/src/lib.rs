//! Tracklayer engine.
