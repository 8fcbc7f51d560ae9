//! Writing a design: as YAML text, as the small difference a variant stores, and
//! atomically to disk so that a crash mid-save never leaves a half-written file.

use std::io::Write;
use std::path::{Path, PathBuf};

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
/// report and export tables are written; returns the paths written. A folder
/// this call created is removed again when a file cannot be written and the
/// folder is still empty, so a failed export leaves no empty folder behind.
pub fn write_files<'a>(
    dir: &Path,
    files: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<Vec<std::path::PathBuf>, SaveError> {
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    let written: Result<Vec<_>, SaveError> = files
        .into_iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            write_atomic(&path, bytes).map(|()| path)
        })
        .collect();
    if created && written.is_err() {
        // Only an empty folder goes: `remove_dir` refuses any other.
        let _ = std::fs::remove_dir(dir);
    }
    written
}

/// Why a command refuses to write an output where it was asked, before it
/// does any work.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The output is one of the files the command reads (the same file,
    /// also through a link or another spelling of its path).
    #[error(
        "{} is the same file as {}, which this command reads: write the output to another file",
        output.display(),
        input.display()
    )]
    IsInput {
        /// The output asked for.
        output: PathBuf,
        /// The input it would overwrite.
        input: PathBuf,
    },
    /// The output file's folder does not exist.
    #[error(
        "cannot write {}: the folder {} does not exist: create it first (`mkdir -p {}`)",
        output.display(),
        folder.display(),
        folder.display()
    )]
    NoFolder {
        /// The output asked for.
        output: PathBuf,
        /// Its missing folder.
        folder: PathBuf,
    },
    /// Something that is not a folder stands where a folder must be, or a
    /// folder where a file must be.
    #[error("cannot write {}: {} is {what}: choose another path", output.display(), at.display())]
    WrongKind {
        /// The output asked for.
        output: PathBuf,
        /// The path in the way.
        at: PathBuf,
        /// What it is, and what it should be.
        what: &'static str,
    },
    /// The folder refuses new files.
    #[error(
        "cannot write {}: the folder {} does not accept new files ({source}): choose a folder you can write to",
        output.display(),
        folder.display()
    )]
    NotWritable {
        /// The output asked for.
        output: PathBuf,
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// Checks, before any work is done, that a command can write the file
/// `output`: it is none of `inputs` (compared as files, by device and inode,
/// so a symbolic or hard link or `./` is seen through), it is not a folder,
/// and its folder exists and accepts new files.
pub fn check_output(output: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    not_an_input(output, output, inputs)?;
    if output.is_dir() {
        return Err(OutputError::WrongKind {
            output: output.to_owned(),
            at: output.to_owned(),
            what: "a folder, not a file",
        });
    }
    let folder = match output.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !folder.exists() {
        return Err(OutputError::NoFolder {
            output: output.to_owned(),
            folder: folder.to_owned(),
        });
    }
    writable_folder(output, folder)
}

/// Checks, before any work is done, that a command can write the files
/// `names` into the folder `dir` (created when missing): none of them is one
/// of `inputs`, `dir` is a folder or can be made one, and the folder (or the
/// nearest existing one above it) accepts new files.
pub fn check_output_folder(
    dir: &Path,
    names: &[&str],
    inputs: &[PathBuf],
) -> Result<(), OutputError> {
    for name in names {
        not_an_input(dir, &dir.join(name), inputs)?;
    }
    let mut existing = dir;
    while !existing.as_os_str().is_empty() && !existing.exists() {
        existing = existing.parent().unwrap_or(Path::new(""));
    }
    if existing.as_os_str().is_empty() {
        existing = Path::new(".");
    }
    if !existing.is_dir() {
        return Err(OutputError::WrongKind {
            output: dir.to_owned(),
            at: existing.to_owned(),
            what: "a file, not a folder",
        });
    }
    writable_folder(dir, existing)
}

/// `path` (written for `output`) is none of `inputs`.
fn not_an_input(output: &Path, path: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    match inputs
        .iter()
        .find(|input| same_file::is_same_file(path, input).unwrap_or(false))
    {
        Some(input) => Err(OutputError::IsInput {
            output: if output == path {
                output.to_owned()
            } else {
                path.to_owned()
            },
            input: input.clone(),
        }),
        None => Ok(()),
    }
}

/// `folder` accepts a new file: one is made there and removed at once.
fn writable_folder(output: &Path, folder: &Path) -> Result<(), OutputError> {
    tempfile::Builder::new()
        .prefix(".tracklayer-check-")
        .tempfile_in(folder)
        .map(drop)
        .map_err(|source| OutputError::NotWritable {
            output: output.to_owned(),
            folder: folder.to_owned(),
            source,
        })
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
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tracklayer-").suffix(".tmp");
    // A new file gets the permissions any program's new file gets (0666
    // less the umask), not the temporary file's private 0600.
    #[cfg(unix)]
    if permissions.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(io)?;
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
    fn new_files_follow_the_umask_like_any_other_program() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.txt");
        std::fs::write(&plain, "by std").unwrap();
        let ours = dir.path().join("ours.yaml");
        write_atomic(&ours, b"by us").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&ours), mode(&plain));
        assert_ne!(mode(&ours), 0o600, "the umask of this test run is 077");
    }

    #[test]
    fn an_output_that_is_an_input_is_refused_however_it_is_spelt() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("a.yaml");
        std::fs::write(&input, "design").unwrap();
        let inputs = [input.clone()];
        let dotted = dir.path().join(".").join("a.yaml");
        let err = check_output(&dotted, &inputs).unwrap_err();
        assert!(matches!(err, OutputError::IsInput { .. }), "{err}");
        assert!(
            err.to_string().contains("write the output to another file"),
            "{err}"
        );
        #[cfg(unix)]
        {
            let link = dir.path().join("link.yaml");
            std::os::unix::fs::symlink(&input, &link).unwrap();
            assert!(check_output(&link, &inputs).is_err());
            let hard = dir.path().join("hard.yaml");
            std::fs::hard_link(&input, &hard).unwrap();
            assert!(check_output(&hard, &inputs).is_err());
        }
        let folder_err = check_output_folder(dir.path(), &["a.yaml"], &inputs).unwrap_err();
        assert!(folder_err.to_string().contains("a.yaml"), "{folder_err}");
        assert!(check_output(&dir.path().join("b.yaml"), &inputs).is_ok());
        assert!(check_output_folder(&dir.path().join("new/deeper"), &["x.csv"], &inputs).is_ok());
        assert_eq!(std::fs::read(&input).unwrap(), b"design");
        assert!(!dir.path().join("new").exists());
    }

    #[test]
    fn an_output_whose_folder_is_missing_or_a_file_is_refused_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("shards/0.json");
        let err = check_output(&missing, &[]).unwrap_err();
        assert!(
            matches!(err, OutputError::NoFolder { .. }) && err.to_string().contains("mkdir -p"),
            "{err}"
        );
        assert!(
            check_output(dir.path(), &[]).is_err(),
            "a folder is not a file"
        );
        let file = dir.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let err = check_output_folder(&file.join("sub"), &["a.csv"], &[]).unwrap_err();
        assert!(matches!(err, OutputError::WrongKind { .. }), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_write_leaves_no_new_empty_folder() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("tables");
        // An empty name is the folder itself, which a file cannot replace.
        assert!(write_files(&out, [("", &b"b"[..])]).is_err());
        assert!(!out.exists(), "the folder made for the failed write stays");
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
