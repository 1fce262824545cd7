use clap::Parser;
use kaleido::cli::{run, Cli};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A mistake in the arguments is one `error:` line, as every other error is; clap's
        // usage and tips follow on `--help`.
        Err(e) if e.use_stderr() => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("{first} (see kaleido --help)");
            std::process::exit(2);
        }
        // `--help` and `--version` print to stdout and succeed.
        Err(e) => e.exit(),
    };
    if let Err(e) = run(cli) {
        eprintln!("error: {}", e.0);
        std::process::exit(2);
    }
}
