//! Writing a design: as YAML text, as the small difference a variant stores, and
//! atomically to disk so that a crash mid-save never leaves a half-written file.

use std::io::Write;
use std::path::Path;

use serde_yaml::{Mapping, Value};

use crate::design::GameFile;
use crate::load::BaseDesign;
use crate::merge::diff_variant;

/// Why a design could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The design could not be turned into YAML (a value YAML cannot hold).
    #[error("cannot write the design as YAML: {0}")]
    Yaml(#[from] serde_yaml::Error),
    /// The disk refused.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file being written.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// The design as YAML text. For a variant (`base` given), only what differs
/// from the base is written, under `extends:`.
pub fn to_yaml(design: &GameFile, base: Option<&BaseDesign>) -> Result<String, SaveError> {
    let Value::Mapping(mut full) = serde_yaml::to_value(design)? else {
        unreachable!("a struct serializes to a mapping")
    };
    let mapping = match base {
        None => {
            full.shift_remove("extends");
            full
        }
        Some(base) => {
            full.shift_remove("extends");
            full.shift_remove("format");
            let mut b = base.mapping.clone();
            b.shift_remove("format");
            b.shift_remove("extends");
            let diff = diff_variant(&b, &full);
            let mut out = Mapping::new();
            out.insert("format".into(), Value::String(design.format.to_string()));
            out.insert("extends".into(), Value::String(base.extends.clone()));
            for (k, v) in diff {
                out.insert(k, v);
            }
            out
        }
    };
    Ok(serde_yaml::to_string(&mapping)?)
}

/// Writes named files into `dir` (created if missing), each atomically, as
/// report and export tables are written; returns the paths written.
pub fn write_files<'a>(
    dir: &Path,
    files: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<Vec<std::path::PathBuf>, SaveError> {
    std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    files
        .into_iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            write_atomic(&path, bytes).map(|()| path)
        })
        .collect()
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder is
/// written, flushed to disk, then renamed over the target. A symbolic link is
/// followed (the file it points to is replaced, the link stays), and an
/// existing file's permissions are kept.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let io = |source| SaveError::Io {
        path: path.display().to_string(),
        source,
    };
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).map_err(io)?,
        _ => path.to_owned(),
    };
    let path = target.as_path();
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".tracklayer-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    if let Some(p) = permissions {
        tmp.as_file().set_permissions(p).map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// Saves a design (or a variant, given its base) atomically.
pub fn save(design: &GameFile, base: Option<&BaseDesign>, path: &Path) -> Result<(), SaveError> {
    let text = to_yaml(design, base)?;
    write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load;

    #[test]
    fn a_variant_saves_as_its_difference_and_reloads_equal() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("base.yaml");
        std::fs::write(
            &base,
            "format: tracklayer/1\nname: B\ncities: [{name: A, x: 0, y: 0}, {name: C, x: 5, y: 5}]\nroutes: [{id: ac, from: A, to: C, length: 2, color: red}]\n",
        )
        .unwrap();
        let var = dir.path().join("var.yaml");
        std::fs::write(&var, "format: tracklayer/1\nextends: base.yaml\nname: V\n").unwrap();
        let mut loaded = load(&var).unwrap();
        loaded.design.routes[0].length = 3;
        save(&loaded.design, loaded.base.as_ref(), &var).unwrap();
        let text = std::fs::read_to_string(&var).unwrap();
        assert!(text.contains("extends: base.yaml"), "{text}");
        assert!(!text.contains("cities"), "{text}");
        let again = load(&var).unwrap();
        assert_eq!(again.design, loaded.design);
    }

    #[test]
    fn atomic_writes_replace_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.yaml");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn atomic_writes_keep_permissions_and_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.yaml");
        let link = dir.path().join("link.yaml");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
    }
}
