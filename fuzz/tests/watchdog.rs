//! The watchdog ends a run whose input takes longer than the limit: the stuck input written to
//! `NAME-hang-N`, the process ended with `HANG_EXIT`. The test runs itself again as the child
//! that hangs (an endless loop cannot be taken back inside one process).

use std::process::Command;
use std::time::Duration;

use fuzz::engine::{self, Config, HANG_EXIT};

const CHILD: &str = "FUZZ_WATCHDOG_CHILD_DIR";

fn stuck_on_z(b: &[u8]) {
    while b.contains(&b'Z') {
        std::hint::spin_loop();
    }
}

#[test]
fn a_hang_is_saved_and_ends_the_run() {
    if let Ok(dir) = std::env::var(CHILD) {
        let config = Config {
            inputs: 1_000_000,
            timeout: Duration::from_millis(200),
            crash_dir: dir.into(),
            ..Config::default()
        };
        engine::run("stuck", stuck_on_z, &[b"abc".to_vec()], &["Z"], &config);
        panic!("the run ended without a hang");
    }
    let dir = std::env::temp_dir().join(format!("fuzz-watchdog-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["a_hang_is_saved_and_ends_the_run", "--exact", "--nocapture"])
        .env(CHILD, &dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(HANG_EXIT),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    let name = files[0].file_name().into_string().unwrap();
    assert!(name.starts_with("stuck-hang-"), "{name}");
    assert!(std::fs::read(files[0].path()).unwrap().contains(&b'Z'));
    let _ = std::fs::remove_dir_all(&dir);
}
