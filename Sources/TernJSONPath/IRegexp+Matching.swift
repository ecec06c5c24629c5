/// One instruction of the compiled automaton.
enum Instruction: Sendable {
    /// Consume one scalar in the set, then continue at the next instruction.
    case scalar(ScalarSet)
    /// Continue at both targets.
    case split(Int, Int)
    /// Continue at the target.
    case jump(Int)
    /// Continue only at the start (`atStart`) or end of the input.
    case assert(atStart: Bool)
    /// The pattern has matched.
    case match
}

/// Compiles a regex tree to instructions (Thompson construction), bounding the program size.
struct RegexCompiler {
    /// The most instructions a compiled pattern may have (bounds `{n,m}` expansion).
    static let maxProgramSize = 20_000

    var program: [Instruction] = []

    mutating func emit(_ instruction: Instruction) throws {
        guard program.count < RegexCompiler.maxProgramSize else {
            throw JSONPathError(kind: .syntax, message: "invalid I-Regexp: pattern expands to too many states")
        }
        program.append(instruction)
    }

    mutating func compile(_ node: RegexNode) throws {
        switch node {
        case .empty:
            return
        case .characters(let set):
            try emit(.scalar(set))
        case .anchor(let atStart):
            try emit(.assert(atStart: atStart))
        case .sequence(let nodes):
            for node in nodes { try compile(node) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = program.count
                    try emit(.split(split + 1, 0))
                    try compile(branch)
                    jumps.append(program.count)
                    try emit(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try compile(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let body, let min, let max):
            // The required copies. A body that compiles to no instruction (`()`, `a{0}`) adds none however
            // often it is copied, and nested bounds multiply: `((((a{0}){1000}){1000}){1000}){1000}` would
            // be 10^12 copies with no instruction for the program-size bound to stop. One copy tells.
            for _ in 0..<min {
                let start = program.count
                try compile(body)
                if program.count == start { break }
            }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try emit(.split(program.count + 1, 0))
                    try compile(body)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                try emit(.split(loop + 1, 0))
                try compile(body)
                try emit(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}

extension IRegexp {
    /// Whether the pattern matches all of `input` (`anchored`) or some substring of it.
    ///
    /// Adds its work to `steps` and throws `.limitExceeded` past `maxSteps`.
    func matches(_ input: [Unicode.Scalar], anchored: Bool, steps: inout Int, maxSteps: Int) throws -> Bool {
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var stack: [Int] = []
        var budget = StepBudget(steps: steps, maxSteps: maxSteps)
        defer { steps = budget.steps }
        try addThread(0, to: &current, stack: &stack, at: 0, of: input.count, budget: &budget)
        for index in 0...input.count {
            if current.hasMatch && (!anchored || index == input.count) { return true }
            if index == input.count { break }
            let scalar = input[index]
            next.clear()
            for pc in current.pcs {
                if case .scalar(let set) = program[pc], set.contains(scalar) {
                    try addThread(pc + 1, to: &next, stack: &stack, at: index + 1, of: input.count, budget: &budget)
                }
            }
            swap(&current, &next)
            if !anchored {
                try addThread(0, to: &current, stack: &stack, at: index + 1, of: input.count, budget: &budget)
            }
            if anchored && current.pcs.isEmpty && !current.hasMatch { return false }
        }
        return false
    }

    /// Adds `start` and everything reachable from it without consuming input (iteratively).
    private func addThread(
        _ start: Int, to list: inout ThreadList, stack: inout [Int],
        at position: Int, of length: Int, budget: inout StepBudget
    ) throws {
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.mark(pc) else { continue }
            try budget.spend()
            switch program[pc] {
            case .assert(let atStart):
                if atStart ? position == 0 : position == length { stack.append(pc + 1) }
            case .scalar: list.pcs.append(pc)
            case .match: list.hasMatch = true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            }
        }
    }
}

/// The set of live automaton states at one input position.
struct ThreadList {
    var pcs: [Int] = []
    var hasMatch = false
    private var marks: [UInt32]
    private var generation: UInt32 = 1

    init(capacity: Int) {
        marks = Array(repeating: 0, count: capacity)
    }

    /// Marks `pc` as visited; false if it already was in this generation.
    mutating func mark(_ pc: Int) -> Bool {
        if marks[pc] == generation { return false }
        marks[pc] = generation
        return true
    }

    mutating func clear() {
        pcs.removeAll(keepingCapacity: true)
        hasMatch = false
        generation &+= 1
        if generation == 0 {
            marks = Array(repeating: 0, count: marks.count)
            generation = 1
        }
    }
}

/// Counts automaton steps against a maximum.
struct StepBudget {
    var steps: Int
    let maxSteps: Int

    mutating func spend() throws {
        steps += 1
        guard steps <= maxSteps else {
            throw JSONPathError(kind: .limitExceeded, message: "match()/search() exceeded \(maxSteps) steps")
        }
    }
}
