use clap::Parser;
use kaleido::cli::{run, Cli};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("error: {}", e.0);
        std::process::exit(2);
    }
}
