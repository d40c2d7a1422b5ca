import BenchInstruments
import Foundation

/// The JSON schema of `Reports/latest.json`, as data: every field's path, type and whether it may be `null`.
/// `Reports/SCHEMA.md` documents the same fields (a test keeps the two in step).
package enum ReportSchema {
    package enum FieldType: String, Sendable {
        case string, integer, number, boolean, object
        /// An array; when fields are listed under its path followed by `[]`,
        /// every element is an object checked against them.
        case array
        case stringArray = "array of strings"
        case parameters = "object of parameters"
    }

    /// One field. `path` uses `.` between keys and `[]` for "every element
    /// of the array" (`scenarios[].metrics[].name`).
    package struct Field: Sendable {
        package var path: String
        package var type: FieldType
        /// Whether the value may be `null` (the field must be present either way).
        package var nullable: Bool
        package var allowed: [String]?
        /// Whether the field may be absent: added in a later schema
        /// version, so absent from documents of the earlier ones.
        package var optional = false
    }

    private static func field(
        _ path: String, _ type: FieldType, nullable: Bool = false, allowed: [String]? = nil, optional: Bool = false
    ) -> [Field] { [Field(path: path, type: type, nullable: nullable, allowed: allowed, optional: optional)] }

    /// The fields `names` of the object at `parent`, all of one type.
    private static func group(_ parent: String, _ names: [String], _ type: FieldType, nullable: Bool = false) -> [Field]
    { names.flatMap { field("\(parent).\($0)", type, nullable: nullable) } }

    /// Every field of schema version ``Report/currentSchemaVersion``. All are required (present, possibly `null` where
    /// `nullable`) but those marked `optional` (added in version 3, absent before); no other field may appear in these
    /// objects.
    package static let fields: [Field] = Array(
        [
            field("schemaVersion", .integer),
            field("harnessVersion", .string),
            field("environment", .object),
            field("environment.cpuModel", .string, nullable: true),
            field("environment.logicalCores", .integer),
            field("environment.memoryBytes", .integer, nullable: true),
            group("environment", ["operatingSystem", "kernel"], .string, nullable: true),
            field("environment.swiftCompiler", .string),
            field("environment.swiftToolchain", .string, nullable: true),
            field("environment.buildConfiguration", .string, allowed: ["debug", "release"]),
            field("environment.allocator", .object),
            field("environment.allocator.name", .string),
            group("environment.allocator", ["version", "note"], .string, nullable: true),
            field("environment.allocator.counter", .string),
            field("environment.load", .object, nullable: true, optional: true),
            group(
                "environment.load", ["loadAverageAtStart", "loadAverageAtEnd", "cpuSeconds"], .number, nullable: true),
            field("environment.load.wallSeconds", .number),
            field("environment.git", .object, nullable: true),
            field("environment.git.commit", .string),
            field("environment.git.dirty", .boolean),
            field("environment.date", .string),
            field("environment.arguments", .stringArray),
            field("environment.valgrind", .string, nullable: true),
            field("environment.sources", .object, nullable: true, optional: true),
            field("environment.sources.compiled", .string),
            field("environment.sources.onDisk", .string, nullable: true),
            field("run", .object),
            field("run.quick", .boolean),
            field("run.seed", .integer),
            field("run.titles", .integer, nullable: true),
            field("run.filter", .stringArray, nullable: true),
            field("run.durationSeconds", .number),
            field("run.peakResidentBytes", .integer, nullable: true),
            field("run.clockOverheadNanoseconds", .number),
            field("warnings", .stringArray),
            field("scenarios", .array),
            group("scenarios[]", ["name", "summary"], .string),
            field("scenarios[].parameters", .parameters),
            field("scenarios[].durationSeconds", .number),
            field("scenarios[].metrics", .array),
            field("scenarios[].metrics[].name", .string),
            field("scenarios[].metrics[].kind", .string, allowed: MetricKind.allCases.map(\.rawValue)),
            field("scenarios[].metrics[].unit", .string),
            field("scenarios[].metrics[].value", .number, nullable: true),
            field("scenarios[].metrics[].timing", .object, nullable: true),
            TimingSummary.Statistic.allCases.flatMap {
                field("scenarios[].metrics[].timing.\($0.rawValue)", $0 == .count ? .integer : .number)
            },
            field("scenarios[].metrics[].timing.clamped", .integer),
            field("scenarios[].metrics[].fromAllocator", .boolean),
            field("scenarios[].metrics[].note", .string, nullable: true),
            field("scenarios[].series", .array),
            group("scenarios[].series[]", ["name", "strategy", "xUnit", "yUnit"], .string),
            field("scenarios[].series[].points", .array),
            field("scenarios[].series[].points[].x", .number),
            field("scenarios[].series[].points[].y", .number, nullable: true),
            field("scenarios[].notes", .stringArray),
            field("scenarios[].functions", .array, optional: true),
            field("scenarios[].functions[].phase", .string),
            field("scenarios[].functions[].operations", .integer),
            field("scenarios[].functions[].functions", .array),
            group("scenarios[].functions[].functions[]", ["symbol", "name"], .string),
            group("scenarios[].functions[].functions[]", ["inclusive", "exclusive"], .number),
        ].joined())

    /// Checks a JSON document against the schema and returns every problem found (empty when valid), each naming the
    /// field (`scenarios[0].metrics[2].value: expected number or null, found string`).
    package static func validate(_ data: Data) -> [String] {
        guard let root = JSONValue.parse(data) else { return ["not a JSON document"] }
        return validate(root)
    }

    /// Checks a parsed document against the schema; a document of a version outside ``Report/readableSchemaVersions``
    /// gets that one problem only.
    package static func validate(_ root: JSONValue) -> [String] {
        var problems: [String] = []
        if case .object(let object) = root, case .integer(let version)? = object["schemaVersion"],
            !Report.readableSchemaVersions.contains(Int(clamping: version))
        {
            let versions = Report.readableSchemaVersions
            return [
                "schemaVersion: this harness reads versions \(versions.lowerBound) to \(versions.upperBound), found \(version)"
            ]
        }
        check(root, objectPath: "", concretePath: "", problems: &problems)
        return problems
    }

    private static func children(of objectPath: String) -> [(key: String, field: Field)] {
        fields.compactMap { field in
            let path = field.path
            if objectPath.isEmpty {
                return path.contains(".") ? nil : (path.replacingOccurrences(of: "[]", with: ""), field)
            }
            guard path.hasPrefix(objectPath + ".") else { return nil }
            let rest = path.dropFirst(objectPath.count + 1)
            return rest.contains(".") ? nil : (String(rest), field)
        }
    }

    private static func check(_ value: JSONValue, objectPath: String, concretePath: String, problems: inout [String]) {
        guard case .object(let object) = value else {
            problems.append(
                "\(concretePath.isEmpty ? "document" : concretePath): expected object, found \(typeName(value))")
            return
        }
        let expected = children(of: objectPath)
        let known = Set(expected.map(\.key))
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\(join(concretePath, key)): unknown field")
        }
        for (key, field) in expected {
            let here = join(concretePath, key)
            guard let child = object[key] else {
                if !field.optional { problems.append("\(here): missing") }
                continue
            }
            checkValue(child, field: field, concretePath: here, problems: &problems)
        }
    }

    private static func checkValue(_ value: JSONValue, field: Field, concretePath: String, problems: inout [String]) {
        if value == .null {
            if !field.nullable { problems.append("\(concretePath): must not be null") }
            return
        }
        let orNull = field.nullable ? " or null" : ""
        let mismatch = "\(concretePath): expected \(field.type.rawValue)\(orNull), found \(typeName(value))"
        switch (field.type, value) {
        case (.string, .string(let text)):
            if let allowed = field.allowed, !allowed.contains(text) {
                problems.append("\(concretePath): \"\(text)\" is not one of \(allowed.joined(separator: ", "))")
            }
        case (.integer, .integer), (.integer, .unsigned): break
        case (.number, .integer), (.number, .unsigned), (.number, .number): break
        case (.boolean, .bool): break
        case (.object, .object): check(value, objectPath: field.path, concretePath: concretePath, problems: &problems)
        case (.array, .array(let elements)):
            let elementPath = field.path + "[]"
            let hasElementFields = fields.contains { $0.path.hasPrefix(elementPath + ".") }
            for (index, element) in elements.enumerated() where hasElementFields {
                check(element, objectPath: elementPath, concretePath: "\(concretePath)[\(index)]", problems: &problems)
            }
        case (.stringArray, .array(let elements)):
            for (index, element) in elements.enumerated() {
                if case .string = element { continue }
                problems.append("\(concretePath)[\(index)]: expected string, found \(typeName(element))")
            }
        case (.parameters, .object(let parameters)):
            for key in parameters.keys.sorted() {
                if case .object = parameters[key]! {
                    problems.append("\(concretePath).\(key): expected a scalar or an array, found object")
                }
            }
        default: problems.append(mismatch)
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .unsigned: return "integer"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
