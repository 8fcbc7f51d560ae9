//! Hard limits that keep a hostile or broken file from hanging or exhausting the
//! program. Each one is reported by name when it is hit.

/// The largest design file we read: 16 MiB.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The deepest nesting of mappings and sequences we accept. Real designs nest
/// four or five levels; this leaves room for designers' own extra data.
pub const MAX_DEPTH: usize = 64;

/// The longest `extends` chain (a variant of a variant of …).
pub const MAX_EXTENDS_DEPTH: usize = 16;

/// The most YAML nodes a document may hold once its aliases are expanded. A
/// 6,000-route design has about 50,000; this stops alias bombs long before they
/// cost memory.
pub const MAX_EXPANDED_NODES: u64 = 2_000_000;

/// The most entries any one list of a design (`cities`, `routes`, `tickets`,
/// `stations`, `tracks`, …) may hold: the engine numbers each with 16 bits.
/// A file over it is refused as it is read, before the validator's checks
/// (whose shortest paths grow faster than the design) run.
pub const MAX_LIST_ENTRIES: usize = u16::MAX as usize;
