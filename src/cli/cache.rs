//! `permlab cache`: the table cache ([`permlab::search::cache`]): where it is, what
//! it holds, and emptying it.

use super::output::outln;
use super::{print_json, CliResult};
use clap::Subcommand;
use permlab::search::cache::TableCache;
use serde_json::json;
use std::process::ExitCode;

/// What `permlab cache` does.
#[derive(Subcommand)]
pub enum CacheCommand {
    /// The cache's directory, size bound and tables (largest first).
    List,
    /// Removes every table from the cache.
    Clear,
}

impl CacheCommand {
    pub(super) fn run(self, json: bool) -> CliResult {
        let cache = TableCache::from_env();
        let dir = cache
            .dir()
            .map(|d| d.display().to_string())
            .unwrap_or_else(|| "(none: no $PERMLAB_CACHE, $XDG_CACHE_HOME or $HOME)".into());
        match self {
            CacheCommand::List => {
                let entries = cache.entries();
                let total: u64 = entries.iter().map(|e| e.bytes).sum();
                if json {
                    print_json(&json!({
                        "dir": cache.dir(),
                        "max_bytes": cache.max_bytes(),
                        "bytes": total,
                        "tables": entries.iter().map(|e| json!({
                            "file": e.path,
                            "bytes": e.bytes,
                            "key": e.key,
                        })).collect::<Vec<_>>(),
                    }))?;
                } else {
                    outln!(
                        "table cache {dir}: {} tables, {total} bytes (bound {} bytes; $PERMLAB_CACHE_MAX)",
                        entries.len(),
                        cache.max_bytes()
                    );
                    for e in &entries {
                        outln!(
                            "{:>12}  {}  {}",
                            e.bytes,
                            e.path
                                .file_name()
                                .map(|f| f.to_string_lossy())
                                .unwrap_or_default(),
                            permlab::limits::clip(&e.key)
                        );
                    }
                }
            }
            CacheCommand::Clear => {
                let (n, bytes) = cache
                    .clear()
                    .map_err(|e| format!("table cache {dir}: {e}"))?;
                if json {
                    print_json(&json!({"dir": cache.dir(), "removed": n, "bytes": bytes}))?;
                } else {
                    outln!("table cache {dir}: removed {n} tables, {bytes} bytes");
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
