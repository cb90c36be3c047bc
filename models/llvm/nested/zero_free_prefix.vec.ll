; ModuleID = 'zero_free_prefix.scalar.ll'
source_filename = "c/zero_free_prefix.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = dso_local local_unnamed_addr global [63 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @zero_free_prefix(ptr noundef writeonly captures(none) %0) local_unnamed_addr #0 {
  br label %2

2:                                                ; preds = %26, %1
  %3 = phi i64 [ 0, %1 ], [ %29, %26 ]
  %4 = icmp eq i64 %3, 0
  br i1 %4, label %26, label %5

5:                                                ; preds = %2
  %min.iters.check = icmp ult i64 %3, 16
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %5
  %n.mod.vf = urem i64 %3, 4
  %n.vec = sub i64 %3, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %6 = getelementptr inbounds nuw i32, ptr @table, i64 %index
  %wide.load = load <4 x i32>, ptr %6, align 4, !tbaa !5
  %7 = icmp eq <4 x i32> %wide.load, zeroinitializer
  %index.next = add nuw i64 %index, 4
  %8 = freeze <4 x i1> %7
  %9 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %8)
  %10 = icmp eq i64 %index.next, %n.vec
  %11 = or i1 %9, %10
  br i1 %11, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %9, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 %3, %n.vec
  br i1 %cmp.n, label %23, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %12 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %7, i1 false)
  %13 = add i64 %index, %12
  br label %23

scalar.ph:                                        ; preds = %5, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %5 ]
  br label %15

14:                                               ; preds = %26
  ret void

15:                                               ; preds = %scalar.ph, %20
  %16 = phi i64 [ %21, %20 ], [ %bc.resume.val, %scalar.ph ]
  %17 = getelementptr inbounds nuw i32, ptr @table, i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %23, label %20

20:                                               ; preds = %15
  %21 = add nuw nsw i64 %16, 1
  %22 = icmp eq i64 %21, %3
  br i1 %22, label %23, label %15, !llvm.loop !14

23:                                               ; preds = %vector.early.exit, %middle.block, %20, %15
  %24 = phi i64 [ %3, %20 ], [ %16, %15 ], [ %3, %middle.block ], [ %13, %vector.early.exit ]
  %25 = trunc i64 %24 to i32
  br label %26

26:                                               ; preds = %23, %2
  %27 = phi i32 [ 0, %2 ], [ %25, %23 ]
  %28 = getelementptr inbounds nuw i32, ptr %0, i64 %3
  store i32 %27, ptr %28, align 4, !tbaa !5
  %29 = add nuw nsw i64 %3, 1
  %30 = icmp eq i64 %29, 64
  br i1 %30, label %14, label %2, !llvm.loop !15
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11, !12, !13}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!"llvm.loop.isvectorized", i32 1}
!13 = !{!"llvm.loop.unroll.runtime.disable"}
!14 = distinct !{!14, !10, !11, !12}
!15 = distinct !{!15, !10, !11}
