//! The `prefab` command.
fn main() {
    eprintln!("prefab: no subcommands yet");
    std::process::exit(2);
}
