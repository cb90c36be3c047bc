; ModuleID = 'index_all.scalar.ll'
source_filename = "c/index_all.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@tab = dso_local local_unnamed_addr global [64 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @index_all(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %20

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  br label %7

7:                                                ; preds = %24, %5
  %8 = phi i64 [ 0, %5 ], [ %27, %24 ]
  %9 = getelementptr inbounds nuw i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  br label %vector.ph

vector.ph:                                        ; preds = %7
  %broadcast.splatinsert = insertelement <4 x i32> poison, i32 %10, i64 0
  %broadcast.splat = shufflevector <4 x i32> %broadcast.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %11 = getelementptr inbounds nuw i32, ptr @tab, i64 %index
  %wide.load = load <4 x i32>, ptr %11, align 4, !tbaa !5
  %12 = icmp eq <4 x i32> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, 4
  %13 = freeze <4 x i1> %12
  %14 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %13)
  %15 = icmp eq i64 %index.next, 64
  %16 = or i1 %14, %15
  br i1 %16, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %14, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %23

vector.early.exit:                                ; preds = %middle.split
  %17 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %12, i1 false)
  %18 = add i64 %index, %17
  br label %21

19:                                               ; preds = %24
  br label %20

20:                                               ; preds = %19, %3
  ret void

21:                                               ; preds = %vector.early.exit
  %22 = trunc nuw nsw i64 %18 to i32
  br label %24

23:                                               ; preds = %middle.block
  br label %24

24:                                               ; preds = %23, %21
  %25 = phi i32 [ %22, %21 ], [ 64, %23 ]
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %8
  store i32 %25, ptr %26, align 4, !tbaa !5
  %27 = add nuw nsw i64 %8, 1
  %28 = icmp eq i64 %27, %6
  br i1 %28, label %19, label %7, !llvm.loop !14
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!14 = distinct !{!14, !10, !11}
