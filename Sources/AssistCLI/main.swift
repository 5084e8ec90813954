// `assist`: serve the gateway, issue development tokens, check configuration files, ask a feature.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
switch arguments.first {
case "serve": exitCode = await ServeCommand.run(Array(arguments.dropFirst()))
case "model": exitCode = await ModelCommand.run(Array(arguments.dropFirst()))
case "token": exitCode = TokenCommand.run(Array(arguments.dropFirst()))
case "check-config": exitCode = CheckConfigCommand.run(Array(arguments.dropFirst()))
case "ask": exitCode = await AskCommand.run(Array(arguments.dropFirst()))
case "extract": exitCode = await ExtractCommand.run(Array(arguments.dropFirst()))
case "feedback": exitCode = await FeedbackCommand.run(Array(arguments.dropFirst()))
case "integrity": exitCode = IntegrityCommand.run(Array(arguments.dropFirst()))
case "eval": exitCode = await EvalCommand.run(Array(arguments.dropFirst()))
case "budget": exitCode = await BudgetCommand.run(Array(arguments.dropFirst()))
case "help", "--help", "-h", nil: print(Usage.text); exitCode = arguments.isEmpty ? 2 : 0
default:
    FileHandle.standardError.write(Data("assist: unknown command \"\(arguments[0])\"\n\n\(Usage.text)\n".utf8))
    exitCode = 2
}
exit(exitCode)
