//! `sdkgen check`: the audit a careful reviewer would do of a spec's retry
//! safety, as findings with a severity.

use std::borrow::Cow;

use serde::Serialize;

use crate::inert::inert;

use crate::ir::{Api, FailurePolicy, Operation, RetryClass};

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// A stable identifier of the rule.
    pub rule: &'static str,
    /// `METHOD /path (operationId)`, or empty for the whole spec.
    pub target: String,
    pub message: String,
    /// The operation it is about, where it is about one.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub operation: Option<FindingOperation>,
}

/// The operation a finding names, as fields a script can read.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FindingOperation {
    pub method: &'static str,
    pub path: String,
    #[serde(rename = "operationId")]
    pub operation_id: String,
    /// The JSON pointer of the operation in the spec.
    pub pointer: String,
    /// The spec file, as given, when the report was placed in it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub file: String,
    /// The operation's line in that file (1-based), where it could be
    /// placed: not for an operation whose path item lives in another file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl FindingOperation {
    pub fn of(op: &Operation) -> FindingOperation {
        FindingOperation {
            method: op.method.as_str(),
            path: op.path.clone(),
            operation_id: op.id.clone(),
            pointer: op.pointer.clone(),
            file: String::new(),
            line: None,
        }
    }

    /// `file:line`, or the file alone, for the table.
    fn place(&self) -> Option<String> {
        if self.file.is_empty() {
            return None;
        }
        Some(match self.line {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        })
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct OperationRow {
    pub method: &'static str,
    pub path: String,
    pub operation: String,
    pub class: &'static str,
    /// The key header, where the operation accepts one.
    pub key: Option<String>,
    pub latency_p99_ms: Option<u64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ContractRow {
    pub field: &'static str,
    pub value: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub title: String,
    pub version: String,
    pub openapi: String,
    pub operations: usize,
    pub state_changing: Vec<OperationRow>,
    pub key_contract: Vec<ContractRow>,
    pub findings: Vec<Finding>,
    pub errors: usize,
    pub warnings: usize,
}

/// Audits the IR of a spec.
pub fn audit(api: &Api) -> Report {
    let mut findings = Vec::new();
    let mut rows = Vec::new();

    for op in &api.operations {
        if op.retry.class == RetryClass::Safe {
            continue;
        }
        rows.push(OperationRow {
            method: op.method.as_str(),
            path: op.path.clone(),
            operation: op.id.clone(),
            class: op.retry.class.as_str(),
            key: op.retry.key.as_ref().map(|k| k.header.clone()),
            latency_p99_ms: op.plan.retry.effective.p99_ms,
        });
        let target = target(op);
        if let Some(verb) = op.retry.doubted {
            let now = match op.retry.class {
                RetryClass::Keyed => "keyed: SDKs retry it with one key per call",
                _ => "unsafe: SDKs retry it only when the request was provably never sent",
            };
            findings.push(Finding {
                severity: Severity::Warning,
                rule: "idempotency-claim",
                target: target.clone(),
                message: format!(
                    "{} is idempotent by method, but its own text or path says `{verb}` (each call acts again), so the SDKs treat it as {now}; if repeating it really changes nothing, confirm it with `x-idempotent: true`; if each call acts again, accept an idempotency key",
                    op.method.as_str()
                ),
                operation: Some(FindingOperation::of(op)),
            });
        } else if op.retry.class == RetryClass::Unsafe {
            if op.retry.documented_unsafe {
                findings.push(Finding {
                    severity: Severity::Info,
                    rule: "unsafe-documented",
                    target: target.clone(),
                    message: "documented as unsafe to retry: SDKs retry it only when the request was provably never sent".into(),
                    operation: Some(FindingOperation::of(op)),
                });
            } else {
                findings.push(Finding {
                    severity: Severity::Error,
                    rule: "unsafe-undocumented",
                    target: target.clone(),
                    message: format!(
                        "state-changing {} accepts no idempotency key and is not marked `x-idempotent`: a lost response leaves callers unable to retry safely; accept `{}` (or `x-idempotency: true`), or mark it `x-idempotent: true|false`",
                        op.method.as_str(),
                        api.key_contract.header()
                    ),
                    operation: Some(FindingOperation::of(op)),
                });
            }
        }
    }

    let without_hint: Vec<&Operation> = api
        .operations
        .iter()
        .filter(|o| o.plan.retry.p99.is_none())
        .collect();
    if !without_hint.is_empty() {
        let names: Vec<&str> = without_hint.iter().take(5).map(|o| o.id.as_str()).collect();
        let more = if without_hint.len() > 5 {
            format!(" and {} more", without_hint.len() - 5)
        } else {
            String::new()
        };
        findings.push(Finding {
            severity: Severity::Warning,
            rule: "no-latency-hint",
            target: String::new(),
            message: format!(
                "{} of {} operations declare no `x-latency-p99-ms` ({}{more}): their attempt timeouts fall back to the whole deadline, so one hung attempt can use all of it",
                without_hint.len(),
                api.operations.len(),
                names.join(", ")
            ),
            operation: None,
        });
    }

    let contract = &api.key_contract;
    let keyed = api
        .operations
        .iter()
        .any(|o| o.retry.class == RetryClass::Keyed);
    let contract_rows = vec![
        ContractRow {
            field: "header",
            value: contract.header.clone(),
        },
        ContractRow {
            field: "max length",
            value: contract.max_length.map(|m| m.to_string()),
        },
        ContractRow {
            field: "replay window",
            value: contract.replay_window.clone(),
        },
        ContractRow {
            field: "in-flight code",
            value: contract.in_flight_code.clone(),
        },
        ContractRow {
            field: "mismatch code",
            value: contract.mismatch_code.clone(),
        },
        ContractRow {
            field: "stored failures",
            value: contract.failures.map(|f| match f {
                FailurePolicy::Replay => "replay".to_string(),
                FailurePolicy::Reattempt => "reattempt".to_string(),
            }),
        },
    ];
    if keyed || contract.declared {
        let missing: Vec<&str> = contract_rows
            .iter()
            .filter(|r| {
                r.value.is_none()
                    && matches!(
                        r.field,
                        "replay window" | "in-flight code" | "mismatch code" | "stored failures"
                    )
            })
            .map(|r| r.field)
            .collect();
        if !missing.is_empty() {
            findings.push(Finding {
                severity: Severity::Warning,
                rule: "key-contract-undeclared",
                target: String::new(),
                message: format!(
                    "the root `x-idempotency` leaves undeclared: {}; integrators then have no normative source for them (SDKs assume a {} window, `{}` and `{}`, and {} failures)",
                    missing.join(", "),
                    crate::defaults::get().key.replay_window,
                    contract.in_flight_code(),
                    contract.mismatch_code(),
                    if crate::defaults::get().key.failures == "replay" { "replayed" } else { "reattempted" }
                ),
                operation: None,
            });
        }
    }
    for w in &api.warnings {
        findings.push(Finding {
            severity: Severity::Info,
            rule: w.kind,
            target: w.pointer.clone(),
            message: w.message.clone(),
            operation: None,
        });
    }

    findings.sort_by_key(|f| f.severity);
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    Report {
        title: api.title.clone(),
        version: api.version.clone(),
        openapi: api.openapi.clone(),
        operations: api.operations.len(),
        state_changing: rows,
        key_contract: contract_rows,
        findings,
        errors,
        warnings,
    }
}

fn target(op: &Operation) -> String {
    format!("{} {} ({})", op.method.as_str(), op.path, op.id)
}

impl Report {
    /// The report as a readable table.
    /// Places each finding about an operation in `file`: its line from
    /// `lines` (by pointer; `Loaded::operation_lines`), else its path
    /// item's line.
    pub fn locate(&mut self, file: &str, lines: &std::collections::HashMap<String, usize>) {
        for finding in &mut self.findings {
            let Some(op) = &mut finding.operation else {
                continue;
            };
            op.file = file.to_string();
            op.line = lines.get(&op.pointer).copied().or_else(|| {
                let item = op.pointer.rsplit_once('/').map(|(item, _)| item)?;
                lines.get(item).copied()
            });
        }
    }

    pub fn to_table(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "{} {} (OpenAPI {}): {} operations, {} state-changing\n\n",
            inert(&self.title),
            inert(&self.version),
            inert(&self.openapi),
            self.operations,
            self.state_changing.len()
        ));
        out.push_str("State-changing operations\n");
        let header = ["METHOD", "PATH", "OPERATION", "CLASS", "KEY", "P99"];
        let rows: Vec<[String; 6]> = self
            .state_changing
            .iter()
            .map(|r| {
                [
                    r.method.to_string(),
                    r.path.clone(),
                    r.operation.clone(),
                    r.class.to_string(),
                    r.key.clone().unwrap_or_else(|| "-".into()),
                    r.latency_p99_ms
                        .map(|p| format!("{p} ms"))
                        .unwrap_or_else(|| "-".into()),
                ]
            })
            .collect();
        if rows.is_empty() {
            out.push_str("  (none)\n");
        } else {
            out.push_str(&table(&header, &rows));
        }
        out.push_str("\nIdempotency-key contract (root x-idempotency)\n");
        let contract: Vec<[String; 2]> = self
            .key_contract
            .iter()
            .map(|r| {
                [
                    r.field.to_string(),
                    r.value.clone().unwrap_or_else(|| "(undeclared)".into()),
                ]
            })
            .collect();
        out.push_str(&table(&["FIELD", "VALUE"], &contract));
        out.push_str("\nFindings\n");
        if self.findings.is_empty() {
            out.push_str("  (none)\n");
        }
        for f in &self.findings {
            let target = if f.target.is_empty() {
                String::new()
            } else {
                format!(" {}", f.target)
            };
            out.push_str(&format!(
                "  {:<7} {}{}\n          {}\n",
                f.severity.as_str(),
                f.rule,
                inert(&target),
                inert(&f.message)
            ));
            if let Some(place) = f.operation.as_ref().and_then(FindingOperation::place) {
                out.push_str(&format!("          at {}\n", inert(&place)));
            }
        }
        out.push_str(&format!(
            "\n{} error(s), {} warning(s)\n",
            self.errors, self.warnings
        ));
        out
    }
}

/// Columns padded with spaces by hand: `format!`'s width takes no more than
/// 65,535, and a cell (an operationId, a path) can be longer.
fn table<const N: usize>(header: &[&str; N], rows: &[[String; N]]) -> String {
    let rows: Vec<Vec<Cow<'_, str>>> = rows
        .iter()
        .map(|row| row.iter().map(|cell| inert(cell)).collect())
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in &rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &[&str]| {
        out.push(' ');
        for (i, c) in cells.iter().enumerate() {
            out.push(' ');
            out.push_str(c);
            if i + 1 < cells.len() {
                let pad = widths[i].saturating_sub(c.chars().count());
                out.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push('\n');
    };
    line(header);
    for row in &rows {
        let cells: Vec<&str> = row.iter().map(|c| c.as_ref()).collect();
        line(&cells);
    }
    out
}
