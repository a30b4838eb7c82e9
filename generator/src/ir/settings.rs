//! The provider's retry settings and latency hints from sdkgen.toml
//! (`[retries]`, `[groups.NAME]`, `[operations.ID]`), applied over what the
//! spec says, then the retry part of every operation's plan made again: the
//! SDKs read them from the plan like the spec's own.

use crate::config::{Config, Timing};
use crate::ir::{Api, RetryOverrides};

fn overrides(t: &Timing) -> RetryOverrides {
    RetryOverrides {
        max_attempts: t.max_attempts,
        base_ms: t.base_ms,
        cap_ms: t.cap_ms,
        deadline_ms: t.deadline_ms,
    }
}

/// Applies `config`'s timings to `api`. Errors name the table that matches
/// nothing (a group or an operationId the spec does not have), with the
/// names it could have meant.
pub fn apply(api: &mut Api, config: &Config) -> Result<(), String> {
    for group in config.groups.keys() {
        if !api.operations.iter().any(|op| &op.group == group) {
            let mut known: Vec<&str> = api.operations.iter().map(|op| op.group.as_str()).collect();
            known.sort_unstable();
            known.dedup();
            return Err(format!(
                "[groups.{group}]: the spec has no group of that name (groups: {})",
                known.join(", ")
            ));
        }
    }
    for id in config.operations.keys() {
        if !api.operations.iter().any(|op| &op.id == id) {
            return Err(format!(
                "[operations.{id}]: the spec has no operation with that operationId"
            ));
        }
    }
    api.constant_headers = config
        .headers
        .iter()
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    let root = &config.retries;
    if *root == Timing::default() && config.groups.is_empty() && config.operations.is_empty() {
        return Ok(());
    }
    api.retries = overrides(root).or(api.retries);
    api.latency_p99_ms = root.latency_p99_ms.or(api.latency_p99_ms);
    for op in &mut api.operations {
        // The operation's table over its group's over the spec's own.
        for timing in [config.groups.get(&op.group), config.operations.get(&op.id)]
            .into_iter()
            .flatten()
        {
            op.hints.retries = overrides(timing).or(op.hints.retries);
            op.hints.latency_p99_ms = timing.latency_p99_ms.or(op.hints.latency_p99_ms);
        }
    }
    super::plan::retry_again(api);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::HintSource;

    fn api() -> Api {
        let text = r#"
openapi: 3.0.3
info: {title: T, version: "1"}
x-retries: {max-attempts: 4}
paths:
  /files:
    post:
      operationId: uploadFile
      tags: [files]
      x-latency-p99-ms: 100
      responses: {'200': {description: ok}}
    get:
      operationId: listFiles
      tags: [files]
      responses: {'200': {description: ok}}
  /jobs:
    post:
      operationId: createJob
      tags: [jobs]
      responses: {'200': {description: ok}}
"#;
        let loaded = crate::load::load_text(std::path::Path::new("t.yaml"), text.into()).unwrap();
        crate::ir::build(&loaded).unwrap()
    }

    fn op<'a>(api: &'a Api, id: &str) -> &'a crate::ir::Operation {
        api.operations.iter().find(|o| o.id == id).unwrap()
    }

    #[test]
    fn operation_over_group_over_root_over_the_spec() {
        let mut api = api();
        let config: Config = toml::from_str(
            "[retries]\ndeadline-ms = 90000\nlatency-p99-ms = 500\n\
             [groups.files]\ndeadline-ms = 120000\nlatency-p99-ms = 2000\n\
             [operations.uploadFile]\nlatency-p99-ms = 30000\nmax-attempts = 2\n",
        )
        .unwrap();
        apply(&mut api, &config).unwrap();
        assert_eq!(api.client_retry.deadline_ms, 90_000);
        assert_eq!(
            api.client_retry.max_attempts, 4,
            "the spec's root x-retries stays"
        );
        let upload = &op(&api, "uploadFile").plan.retry;
        assert_eq!(upload.effective.deadline_ms, 120_000);
        assert_eq!(upload.effective.max_attempts, 2);
        assert_eq!(upload.effective.p99_ms, Some(30_000));
        assert_eq!(upload.p99.unwrap().from, HintSource::Operation);
        assert_eq!(upload.attempt_timeout_ms, Some(90_000));
        let list = &op(&api, "listFiles").plan.retry;
        assert_eq!(list.effective.p99_ms, Some(2_000));
        assert_eq!(list.effective.max_attempts, 4);
        let job = &op(&api, "createJob").plan.retry;
        assert_eq!(job.effective.deadline_ms, 90_000);
        assert_eq!(job.p99.unwrap().from, HintSource::Root);
        assert_eq!(job.effective.p99_ms, Some(500));
    }

    #[test]
    fn a_table_that_names_nothing_is_an_error() {
        let mut api = api();
        let config: Config = toml::from_str("[groups.filez]\ndeadline-ms = 1\n").unwrap();
        let err = apply(&mut api, &config).unwrap_err();
        assert!(
            err.contains("[groups.filez]") && err.contains("files, jobs"),
            "{err}"
        );
        let config: Config = toml::from_str("[operations.nope]\ndeadline-ms = 1\n").unwrap();
        assert!(apply(&mut api, &config).unwrap_err().contains("nope"));
    }

    #[test]
    fn no_settings_change_nothing() {
        let before = api();
        let mut after = api();
        apply(&mut after, &Config::default()).unwrap();
        for (a, b) in before.operations.iter().zip(&after.operations) {
            assert_eq!(a.plan.retry.effective, b.plan.retry.effective);
        }
    }
}
