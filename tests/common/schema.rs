//! A JSON Schema validator for the part of the 2020-12 draft that schemars writes for the
//! reports' types: `type` (one or a list), `const`, `enum`, `properties`, `required`,
//! `additionalProperties`, `items`, `prefixItems`, `minItems`, `maxItems` (a tuple's), `$ref`
//! into `$defs`, `anyOf`, `oneOf`, `allOf`, `minimum`, `maximum`, and the `true`/`false`
//! schemas. A keyword outside that list is an error, so that a
//! schema the validator cannot judge never passes unread.

use serde_json::{Map, Value};

/// Keywords that only describe (or that schemars writes beside `minimum` for an integer's
/// width): they constrain nothing here.
const ANNOTATIONS: [&str; 6] = [
    "$schema",
    "title",
    "description",
    "format",
    "$defs",
    "default",
];

/// Every way `value` breaks `schema`, each as `PATH: what`; empty when it conforms.
pub fn validate(schema: &Value, value: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    check(schema, schema, value, "$", &mut errors);
    errors
}

fn check(root: &Value, schema: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let s = match schema {
        Value::Bool(true) => return,
        Value::Bool(false) => {
            errors.push(format!("{path}: no value is allowed here"));
            return;
        }
        Value::Object(s) => s,
        _ => {
            errors.push(format!("{path}: the schema is not an object"));
            return;
        }
    };
    for (key, want) in s {
        match key.as_str() {
            "type" => check_type(want, value, path, errors),
            "const" if value != want => errors.push(format!("{path}: {value} is not {want}")),
            "enum" if !want.as_array().is_some_and(|a| a.contains(value)) => {
                errors.push(format!("{path}: {value} is not one of {want}"))
            }
            "$ref" => match resolve(root, want) {
                Some(target) => check(root, target, value, path, errors),
                None => errors.push(format!("{path}: unresolved $ref {want}")),
            },
            "anyOf" | "oneOf" | "allOf" => check_combination(root, key, want, value, path, errors),
            "minimum" | "maximum" => check_bound(key, want, value, path, errors),
            "properties" | "required" | "additionalProperties" => {
                if let Value::Object(o) = value {
                    check_object(root, s, key, o, path, errors);
                }
            }
            "items" => {
                if let Value::Array(items) = value {
                    // Beside `prefixItems`, `items` judges the items after them.
                    let prefix = s.get("prefixItems").and_then(Value::as_array);
                    let skip = prefix.map_or(0, Vec::len);
                    for (i, item) in items.iter().enumerate().skip(skip) {
                        check(root, want, item, &format!("{path}[{i}]"), errors);
                    }
                }
            }
            "prefixItems" => {
                if let (Value::Array(items), Some(schemas)) = (value, want.as_array()) {
                    for (i, (item, sub)) in items.iter().zip(schemas).enumerate() {
                        check(root, sub, item, &format!("{path}[{i}]"), errors);
                    }
                }
            }
            "minItems" | "maxItems" => check_length(key, want, value, path, errors),
            "const" | "enum" => {}
            k if ANNOTATIONS.contains(&k) => {}
            k => errors.push(format!("{path}: the validator does not know `{k}`")),
        }
    }
}

fn type_matches(name: &str, value: &Value) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => false,
    }
}

fn check_type(want: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let ok = match want {
        Value::String(t) => type_matches(t, value),
        Value::Array(ts) => ts
            .iter()
            .any(|t| t.as_str().is_some_and(|t| type_matches(t, value))),
        _ => false,
    };
    if !ok {
        errors.push(format!("{path}: {value} is not of type {want}"));
    }
}

fn resolve<'a>(root: &'a Value, reference: &Value) -> Option<&'a Value> {
    let name = reference.as_str()?.strip_prefix("#/$defs/")?;
    root.get("$defs")?.get(name)
}

fn check_combination(
    root: &Value,
    key: &str,
    branches: &Value,
    value: &Value,
    path: &str,
    errors: &mut Vec<String>,
) {
    let Some(branches) = branches.as_array() else {
        errors.push(format!("{path}: {key} is not a list"));
        return;
    };
    let results: Vec<Vec<String>> = branches
        .iter()
        .map(|b| {
            let mut e = Vec::new();
            check(root, b, value, path, &mut e);
            e
        })
        .collect();
    let passed = results.iter().filter(|e| e.is_empty()).count();
    let ok = match key {
        "anyOf" => passed >= 1,
        "oneOf" => passed == 1,
        _ => passed == branches.len(),
    };
    if !ok {
        let why: Vec<String> = results.into_iter().flatten().collect();
        errors.push(format!(
            "{path}: {value} matches {passed} of {key}'s {} branches ({})",
            branches.len(),
            why.join("; ")
        ));
    }
}

fn check_bound(key: &str, want: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let (Some(bound), Some(x)) = (want.as_f64(), value.as_f64()) else {
        return;
    };
    let ok = if key == "minimum" {
        x >= bound
    } else {
        x <= bound
    };
    if !ok {
        errors.push(format!("{path}: {value} is beyond the {key} {want}"));
    }
}

fn check_length(key: &str, want: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let (Some(bound), Value::Array(items)) = (want.as_u64(), value) else {
        return;
    };
    let n = items.len() as u64;
    let ok = if key == "minItems" {
        n >= bound
    } else {
        n <= bound
    };
    if !ok {
        errors.push(format!("{path}: {n} items, beyond the {key} {bound}"));
    }
}

/// One of an object schema's three keywords against the object `o`.
fn check_object(
    root: &Value,
    s: &Map<String, Value>,
    key: &str,
    o: &Map<String, Value>,
    path: &str,
    errors: &mut Vec<String>,
) {
    let properties = s.get("properties").and_then(Value::as_object);
    match key {
        "properties" => {
            for (name, sub) in properties.into_iter().flatten() {
                if let Some(v) = o.get(name) {
                    check(root, sub, v, &format!("{path}.{name}"), errors);
                }
            }
        }
        "required" => {
            for name in s[key].as_array().into_iter().flatten() {
                let name = name.as_str().unwrap_or_default();
                if !o.contains_key(name) {
                    errors.push(format!("{path}: the required key `{name}` is missing"));
                }
            }
        }
        _ => {
            for (name, v) in o {
                if !properties.is_some_and(|p| p.contains_key(name)) {
                    check(root, &s[key], v, &format!("{path}.{name}"), errors);
                }
            }
        }
    }
}
